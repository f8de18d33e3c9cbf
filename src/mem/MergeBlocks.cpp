// Memory block merging by last uses, interference and greedy colouring (see MergeBlocks.h).
//
// Note [Kernels and block reuse]
// Reuse is decided in host statement order. A kernel that reads a block is a use of that
// block at its launch statement, so a later allocation can only take the block over after
// that launch. This suffices on the GPU although launches are asynchronous: all kernels and
// device copies of a program are enqueued on one in-order queue (CUDA stream / OpenCL
// command queue), so a kernel writing the reused block starts only after every earlier
// kernel reading it has finished.
#include "mem/MergeBlocks.h"

#include "ir/MemInfo.h"
#include "ir/Traverse.h"
#include "mem/Interference.h"
#include "mem/LastUse.h"
#include "mem/Layout.h"
#include "mem/SizeFacts.h"

#include <variant>

namespace fjord::mem {
namespace {

using namespace ir;

const Alloc* allocOf(const Stm& s) {
  const auto* op = std::get_if<Op>(&s.exp);
  if (!op || s.pat.size() != 1)
    return nullptr;
  return std::get_if<Alloc>(op);
}

/// A block that allocations of one body may reuse.
struct Colour {
  VName block;
  symbolic::Expr capacity; ///< bytes allocated
  MemSpace space;
  Lifetime life;           ///< of everything merged into it so far
};

class Merger {
public:
  explicit Merger(const FunDef& fun) : aliases_(fun) {
    for (const Param& p : fun.params)
      facts_.sizesOf(p.type, defs_);
  }

  /// Decides the merges of `body` and of the host bodies nested in it.
  void body(const Body& b) {
    BodyLastUses uses = lastUses(b, aliases_);
    std::vector<Colour> colours;
    for (size_t i = 0; i < b.stms.size(); ++i) {
      const Stm& s = b.stms[i];
      if (const Alloc* a = allocOf(s)) {
        allocation(s.pat[0].name, *a, i, uses, colours);
        continue;
      }
      nested(s);
      if (const auto* op = std::get_if<BasicOp>(&s.exp); op && s.pat.size() == 1)
        defs_.record(s.pat[0].name, *op);
      facts_.record(s, defs_);
      for (const PatElem& pe : s.pat)
        facts_.sizesOf(pe.type, defs_);
    }
  }

  Substitution renamed;       ///< later block -> the earlier block it now lives in
  std::set<VName> sizeVars;   ///< the sizes of removed allocations

private:
  void allocation(const VName& block, const Alloc& a, size_t at, const BodyLastUses& uses,
                  std::vector<Colour>& colours) {
    VName cls = aliases_.root(block);
    Lifetime life{at, uses.lastUse.count(cls) ? uses.lastUse.at(cls) : at,
                  uses.returned.count(cls) > 0};
    symbolic::Expr bytes = defs_.expr(a.bytes);
    // Z3 is off: sizes built by memory introduction are products of the same variables, which
    // the syntactic method decides, and compile time stays predictable.
    symbolic::ProverOptions opts;
    opts.useZ3 = false;
    symbolic::Prover prover(facts_.facts(), opts);
    for (Colour& c : colours) {
      if (c.space != a.space || interfere(c.life, life) || !fits(bytes, c.capacity, prover))
        continue;
      renamed[block] = SubExp(c.block);
      if (a.bytes.isVar())
        sizeVars.insert(a.bytes.var());
      c.life = combine(c.life, life);
      return;
    }
    colours.push_back(Colour{block, bytes, a.space, life});
  }

  void nested(const Stm& s) {
    if (const auto* i = std::get_if<If>(&s.exp)) {
      scoped(i->thenBody, {});
      scoped(i->elseBody, {});
    } else if (const auto* l = std::get_if<Loop>(&s.exp)) {
      std::vector<ir::Type> params;
      for (const auto& [p, init] : l->merge)
        params.push_back(p.type);
      scoped(l->body, params);
    }
  }

  void scoped(const Body& b, const std::vector<ir::Type>& params) {
    symbolic::Facts outer = facts_.save();
    for (const ir::Type& t : params)
      facts_.sizesOf(t, defs_);
    body(b);
    facts_.restore(std::move(outer));
  }

  BlockAliases aliases_;
  SizeDefs defs_;
  SizeFacts facts_;
};

bool isPureSize(const Stm& s) {
  const auto* op = std::get_if<BasicOp>(&s.exp);
  if (!op || s.pat.size() != 1 || op->type != PrimType::I64)
    return false;
  if (op->kind == BasicOp::Kind::SubExp)
    return true;
  return op->kind == BasicOp::Kind::BinOp &&
         (op->binOp == BinOpKind::Mul || op->binOp == BinOpKind::Add ||
          op->binOp == BinOpKind::Sub);
}

/// Drops the removed allocations, and the statements computing `dead` sizes, from host
/// bodies (recursively).
void prune(Body& b, const Substitution& removed, const std::set<VName>& dead) {
  std::vector<Stm> kept;
  for (Stm& s : b.stms) {
    if (allocOf(s) && removed.count(s.pat[0].name))
      continue;
    if (isPureSize(s) && dead.count(s.pat[0].name))
      continue;
    if (auto* i = std::get_if<If>(&s.exp)) {
      prune(i->thenBody, removed, dead);
      prune(i->elseBody, removed, dead);
    } else if (auto* l = std::get_if<Loop>(&s.exp)) {
      prune(l->body, removed, dead);
    }
    kept.push_back(std::move(s));
  }
  b.stms = std::move(kept);
}

/// Every variable used anywhere, except by the statements computing `dead` sizes.
class LiveUses : public Walker {
public:
  explicit LiveUses(const std::set<VName>& dead) : dead_(dead) {}
  std::set<VName> used;
  void var(const VName& v) override { used.insert(v); }
  void stm(const Stm& s) override {
    if (isPureSize(s) && dead_.count(s.pat[0].name))
      return;
    Walker::stm(s);
  }

private:
  const std::set<VName>& dead_;
};

/// The sizes among `candidates` that nothing uses once the allocations are removed, and,
/// transitively, the pure size computations only those used.
std::set<VName> deadSizes(const FunDef& f, std::set<VName> candidates) {
  std::set<VName> dead;
  for (bool changed = true; changed;) {
    changed = false;
    LiveUses u(dead);
    for (const Param& p : f.params)
      u.param(p);
    u.body(f.body);
    for (const VName& c : candidates)
      if (!u.used.count(c) && dead.insert(c).second)
        changed = true;
    // The operands of dead sizes may be dead now as well.
    std::vector<const Body*> todo{&f.body};
    while (!todo.empty()) {
      const Body* b = todo.back();
      todo.pop_back();
      for (const Stm& s : b->stms) {
        if (isPureSize(s) && dead.count(s.pat[0].name))
          for (const VName& v : freeVars(s.exp))
            candidates.insert(v);
        if (const auto* i = std::get_if<If>(&s.exp)) {
          todo.push_back(&i->thenBody);
          todo.push_back(&i->elseBody);
        } else if (const auto* l = std::get_if<Loop>(&s.exp)) {
          todo.push_back(&l->body);
        }
      }
    }
  }
  return dead;
}

FunDef mergeFun(FunDef f) {
  Merger m(f);
  m.body(f.body);
  if (m.renamed.empty())
    return f;
  Substitution removed = m.renamed;
  prune(f.body, removed, {});
  f.body = substitute(f.body, m.renamed);
  std::set<VName> dead = deadSizes(f, m.sizeVars);
  prune(f.body, {}, dead);
  return f;
}

} // namespace

Prog mergeBlocks(Prog prog) {
  for (FunDef& f : prog.funs)
    f = mergeFun(std::move(f));
  return prog;
}

} // namespace fjord::mem
