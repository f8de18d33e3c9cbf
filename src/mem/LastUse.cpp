// Alias classes of memory blocks and last uses in a body (see LastUse.h).
#include "mem/LastUse.h"

#include "ir/MemInfo.h"
#include "ir/Traverse.h"

#include <algorithm>
#include <variant>

namespace fjord::mem {
namespace {

using namespace ir;

bool isMem(const Param& p) { return p.type.kind == ir::Type::Kind::Mem; }

/// Records every block and every array's block, then unites the blocks that may be the
/// same memory (see the file comment of LastUse.h).
class AliasBuilder : public Walker {
public:
  explicit AliasBuilder(BlockAliases& out) : out_(out) {}

  void param(const Param& p) override {
    Walker::param(p);
    if (isMem(p)) {
      out_.noteBlock(p.name);
      mems_.insert(p.name);
    }
    if (p.mem) {
      out_.noteBlock(p.mem->block);
      out_.noteArray(p.name, p.mem->block);
    }
  }

  void stm(const Stm& s) override {
    Walker::stm(s); // binds the pattern (and everything nested) first
    if (const auto* i = std::get_if<If>(&s.exp)) {
      for (size_t k = 0; k < s.pat.size(); ++k)
        if (isMem(s.pat[k])) {
          uniteResult(s.pat[k].name, i->thenBody, k);
          uniteResult(s.pat[k].name, i->elseBody, k);
        }
    } else if (const auto* l = std::get_if<Loop>(&s.exp)) {
      for (size_t k = 0; k < l->merge.size(); ++k) {
        const auto& [p, init] = l->merge[k];
        if (!isMem(p))
          continue;
        uniteVar(p.name, init);
        uniteResult(p.name, l->body, k);
        if (k < s.pat.size())
          out_.unite(p.name, s.pat[k].name);
      }
    } else if (const auto* a = std::get_if<Apply>(&s.exp)) {
      // A function may return a block it was given: conservatively, any of them.
      for (const PatElem& pe : s.pat)
        if (isMem(pe))
          for (const SubExp& arg : a->args)
            if (arg.isVar() && mems_.count(arg.var()))
              out_.unite(pe.name, arg.var());
    } else if (const auto* b = std::get_if<BasicOp>(&s.exp)) {
      if (b->kind == BasicOp::Kind::SubExp && s.pat.size() == 1 && isMem(s.pat[0]))
        uniteVar(s.pat[0].name, b->args.at(0));
    }
  }

private:
  void uniteVar(const VName& block, const SubExp& se) {
    if (se.isVar() && mems_.count(se.var()))
      out_.unite(block, se.var());
  }
  void uniteResult(const VName& block, const Body& body, size_t k) {
    if (k < body.result.size())
      uniteVar(block, body.result[k]);
  }

  BlockAliases& out_;
  std::set<VName> mems_;
};

} // namespace

BlockAliases::BlockAliases(const FunDef& fun) {
  AliasBuilder b(*this);
  for (const Param& p : fun.params)
    b.param(p);
  b.body(fun.body);
}

void BlockAliases::noteBlock(const VName& block) { parent_.emplace(block, block); }

void BlockAliases::noteArray(const VName& array, const VName& block) { arrayBlock_[array] = block; }

VName BlockAliases::root(const VName& block) const {
  auto it = parent_.find(block);
  if (it == parent_.end())
    return block;
  if (it->second == block)
    return block;
  VName r = root(it->second);
  it->second = r; // path compression
  return r;
}

void BlockAliases::unite(const VName& a, const VName& b) {
  noteBlock(a);
  noteBlock(b);
  VName ra = root(a), rb = root(b);
  if (ra == rb)
    return;
  // The smaller name is the representative, so classes do not depend on the visit order.
  if (rb < ra)
    std::swap(ra, rb);
  parent_[rb] = ra;
}

std::set<VName> BlockAliases::classesOf(const std::set<VName>& names) const {
  std::set<VName> out;
  for (const VName& v : names) {
    if (parent_.count(v))
      out.insert(root(v));
    else if (auto a = arrayBlock_.find(v); a != arrayBlock_.end())
      out.insert(root(a->second));
  }
  return out;
}

std::set<VName> BlockAliases::touchedBy(const Stm& stm) const {
  // freeVars(Stm) includes the pattern's blocks (a write) and every block and array named
  // in nested bodies, kernel bodies included. Blocks bound inside the statement belong to
  // the nested bodies and are not free here.
  return classesOf(freeVars(stm));
}

std::set<VName> BlockAliases::returnedBy(const std::vector<SubExp>& result) const {
  return classesOf(varsOf(result));
}

BodyLastUses lastUses(const Body& body, const BlockAliases& aliases) {
  BodyLastUses out;
  for (size_t i = 0; i < body.stms.size(); ++i) {
    const Stm& s = body.stms[i];
    for (const VName& c : aliases.touchedBy(s))
      out.lastUse[c] = i;
    // The binding itself (an allocation that is never used) ends its lifetime here.
    for (const PatElem& pe : s.pat)
      if (pe.type.kind == ir::Type::Kind::Mem) {
        VName c = aliases.root(pe.name);
        out.lastUse[c] = std::max(out.lastUse[c], i);
      }
  }
  out.returned = aliases.returnedBy(body.result);
  return out;
}

} // namespace fjord::mem
