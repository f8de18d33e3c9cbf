// Memory introduction (see IntroduceMemory.h for the IR it produces).
//
// One walk over each function, keeping the type and memory of every name bound so far
// (names are unique, so one table serves the whole program). Host code allocates; an array
// created in a SegOp body (or in a SOAC lambda nested there) gets expanded memory allocated
// on the host before the SegOp, or its row of the SegOp's result (Note [Memory expansion] in
// Expand.h). SegOp operators and functions called from kernels only form views.
//
// This file holds the entry point and the walk over functions, bodies and statements;
// IntroduceMemoryImpl.h declares the class and lists the files that do its other jobs.
//
// Note [Existential memory]
// FUNMEM (IFL'22 §4.5) returns the block, offset and every size and stride of a branch's
// array as existentials, and a simplifier prunes the unneeded ones. This first version only
// makes the *block* existential: results of `if`s (when the branches disagree), loops and
// calls are row-major at offset 0 in a block that travels with them, and a branch or loop
// body whose array has another layout copies it into a fresh row-major block (the blog,
// paper 001: "whenever the index functions differ structurally, we insert a copy"). So the
// LMAD of such a result is always known statically from its shape; only its block varies.
// Except: branches viewing one block in different layouts, and loops re-viewing their merge
// parameter, get existential offsets and strides instead of a copy (Note [Existential
// LMADs] in Existential.cpp).
#include "mem/IntroduceMemory.h"

#include "mem/IntroduceMemoryImpl.h"

#include <variant>

namespace fjord::mem::detail {

FunDef Introducer::fun(const FunDef& f) {
  FunDef out = f;
  out.params.clear();
  paramBlocks_.clear();
  for (Param p : f.params) {
    if (p.type.isArray()) {
      Param block{names_.fresh(p.name.name + "_mem"), memType(), nullptr};
      p.mem = memInfo(block.name, rowMajor(p.type, defs_));
      paramBlocks_.insert(block.name);
      bind(block);
      out.params.push_back(block);
    }
    bind(p);
    out.params.push_back(p);
  }
  Level level = device_.count(f.name) ? Level::Kernel : Level::Host;
  out.body = body(f.body, level);
  functionResults(out, level);
  return out;
}

void Introducer::bind(const Param& p) {
  types_[p.name] = p.type;
  if (kernel_)
    kernel_->bound.insert(p.name);
  if (p.type.isArray())
    facts_.sizesOf(p.type, defs_);
  if (p.mem)
    mem_[p.name] = p.mem;
}

MemInfoRef Introducer::memOf(const VName& v) const {
  auto it = mem_.find(v);
  FJORD_CHECK(it != mem_.end(), "array without memory: " + v.str());
  return it->second;
}

bool Introducer::isArrayVar(const SubExp& se) const {
  if (!se.isVar())
    return false;
  auto it = types_.find(se.var());
  return it != types_.end() && it->second.isArray();
}

bool Introducer::mayAliasParam(const VName& block) const {
  return paramBlocks_.count(block) || mayAliasParam_.count(block);
}

void Introducer::unsupported(const Provenance& prov, const std::string& what) {
  diags_.unsupported(prov.span, what);
  throw Stop{};
}

Body Introducer::body(const Body& b, Level level) {
  Body out;
  symbolic::Facts outer = facts_.save();
  for (const Stm& s : b.stms)
    stm(s, level, out.stms);
  facts_.restore(std::move(outer));
  out.result = b.result;
  return out;
}

void Introducer::stm(const Stm& s, Level level, std::vector<Stm>& out) {
  Stm n = s;
  std::visit(Overloaded{
                 [&](BasicOp& op) { basicOp(n, op, level, out); },
                 [&](If& e) { ifExp(n, e, level, out); },
                 [&](Loop& e) { loop(n, e, level, out); },
                 [&](Apply& e) { apply(n, e, level, out); },
                 [&](Op& op) { this->op(n, op, level, out); },
             },
             n.exp);
  for (const PatElem& p : n.pat) {
    FJORD_CHECK(!p.type.isArray() || p.mem, "array left without memory: " + p.name.str());
    bind(p);
  }
  if (kernel_ && n.pat.size() == 1 && std::holds_alternative<BasicOp>(n.exp))
    kernel_->scalarDefs.emplace(n.pat[0].name, std::get<BasicOp>(n.exp));
  facts_.record(n, defs_);
  out.push_back(std::move(n));
}

void Introducer::op(Stm& s, Op& o, Level level, std::vector<Stm>& out) {
  std::visit(Overloaded{
                 [&](SegOp& seg) { segOp(s, seg, level, out); },
                 [&](Soac& soac) { nestedSoac(s, soac, level); },
                 [&](Alloc&) {
                   internalError("mem/IntroduceMemory", "the program already has memory");
                 },
             },
             o);
}

void Introducer::functionResults(FunDef& f, Level level) {
  Provenance prov{f.span, f.name};
  std::vector<SubExp> result;
  std::vector<Type> retTypes;
  std::set<VName> taken;
  for (size_t k = 0; k < f.body.result.size(); ++k) {
    const SubExp& r = f.body.result[k];
    if (!f.retTypes[k].isArray()) {
      result.push_back(r);
      retTypes.push_back(f.retTypes[k]);
      continue;
    }
    VName arr = rowMajorArray(r.var(), level, prov, f.body.stms, /*needFresh=*/true, taken);
    VName block = memOf(arr)->block;
    taken.insert(block);
    result.push_back(block);
    result.push_back(arr);
    retTypes.push_back(memType());
    retTypes.push_back(f.retTypes[k]);
  }
  f.body.result = std::move(result);
  f.retTypes = std::move(retTypes);
}

} // namespace fjord::mem::detail

namespace fjord::mem {

using detail::Introducer;
using detail::Stop;
using ir::FunDef;
using ir::Prog;

Prog introduceMemory(Prog prog, DiagnosticEngine& diags) {
  Introducer intro(prog, diags);
  try {
    for (FunDef& f : prog.funs)
      f = intro.fun(f);
  } catch (const Stop&) {
    // Reported in `diags`.
  }
  return prog;
}

} // namespace fjord::mem
