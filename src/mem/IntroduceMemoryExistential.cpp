// Memory introduction for `if`s, host loops and calls: an array result whose memory differs
// between branches or iterations, or that a call returns, lives in an existential block,
// with existential offset and strides where one block is viewed differently (Note
// [Existential memory] in IntroduceMemory.cpp). A kernel's `if` copies its branches' arrays
// into one memory instead (Note [Branches in kernels]).
#include "mem/IntroduceMemoryImpl.h"

#include "mem/Existential.h"

namespace fjord::mem::detail {

void Introducer::existential(PatElem p, std::vector<PatElem>& pat, size_t comps) {
  PatElem block{names_.fresh(p.name.name + "_mem"), memType(), nullptr};
  Lmad lmad = rowMajor(p.type, defs_);
  pat.push_back(block);
  for (size_t c = 0; c < comps; ++c) {
    PatElem comp{names_.fresh(p.name.name + "_" + componentHint(c)),
                 Type::prim(PrimType::I64), nullptr};
    lmad = withComponent(std::move(lmad), c, symbolic::Expr::var(comp.name.str()));
    pat.push_back(comp);
  }
  p.mem = memInfo(block.name, std::move(lmad));
  pat.push_back(std::move(p));
}

VName Introducer::byKey(const std::string& key) const {
  for (const auto& [v, t] : types_)
    if (v.str() == key)
      return v;
  internalError("mem/IntroduceMemory", "LMAD variable not in scope: " + key);
}

SubExp Introducer::component(const Lmad& lmad, size_t c, const std::string& base,
                              const Provenance& prov, std::vector<Stm>& out) {
  size_t first = out.size();
  SubExp v = emitExpr(lmadComponent(lmad, c), [&](const std::string& k) { return byKey(k); },
                      names_, base + "_" + componentHint(c), prov, out);
  for (size_t i = first; i < out.size(); ++i)
    bind(out[i].pat[0]);
  return v;
}

void Introducer::existentialLayout(const PatElem& p, const Type& type,
                                   std::array<Body*, 2> bodies, std::array<SubExp, 2> res,
                                   std::array<std::vector<SubExp>*, 2> results,
                                   std::vector<PatElem>& pat, std::vector<Type>& types,
                                   const Provenance& prov) {
  std::set<std::string> local; // names the branches bind: not visible after the `if`
  for (Body* b : bodies)
    for (const Stm& st : b->stms)
      for (const PatElem& pe : st.pat)
        local.insert(pe.name.str());
  auto visible = [&](const symbolic::Expr& x) {
    for (const std::string& v : x.freeVars())
      if (local.count(v))
        return false;
    return true;
  };
  std::vector<VName> vars(type.rank() + 1);
  auto var = [&](size_t c) {
    vars[c] = names_.fresh(p.name.name + "_" + componentHint(c));
    return symbolic::Expr::var(vars[c].str());
  };
  symbolic::Prover prover(facts_.facts());
  MemInfoRef mems[2] = {memOf(res[0].var()), memOf(res[1].var())};
  GeneralLmad g = generaliseLmads({mems[0]->lmad, mems[1]->lmad}, shapeExprs(p.type, defs_),
                                  prover, visible, var);
  for (size_t c : g.existential) {
    pat.push_back(PatElem{vars[c], Type::prim(PrimType::I64), nullptr});
    types.push_back(Type::prim(PrimType::I64));
    for (size_t b = 0; b < 2; ++b)
      results[b]->push_back(component(mems[b]->lmad, c, p.name.name, prov, bodies[b]->stms));
  }
  pat.push_back(p);
  pat.back().mem = memInfo(mems[0]->block, g.lmad);
  types.push_back(type);
  for (size_t b = 0; b < 2; ++b)
    results[b]->push_back(res[b]);
}

// Note [Branches in kernels]
// A kernel's `if` whose branches return arrays in different blocks (in a reduction's
// operator `if b[0] > a[0] then b else a`: a view of the accumulator, a view of an input
// row) cannot make its block existential: kernel memory is expanded, never row-major at
// offset 0, so the host-style copy into a fresh row-major block does not exist there.
// Instead the `if` result gets its own expanded memory (or its row of the SegOp's result),
// and each branch copies its array into it; both branches then return the same view. A
// sequential loop reuses that memory in every iteration, which is safe: each iteration's
// result has been consumed (copied back into the accumulator, or read) before the next.

void Introducer::branchesIntoOne(PatElem& p, std::array<Body*, 2> bodies,
                                 std::array<SubExp, 2> res,
                                 std::array<std::vector<SubExp>*, 2> results,
                                 const Provenance& prov) {
  expand(p, prov);
  for (size_t b = 0; b < 2; ++b) {
    PatElem c{names_.fresh(p.name.name + "_branch"), types_.at(res[b].var()), p.mem};
    BasicOp op;
    op.kind = BasicOp::Kind::Copy;
    op.arr = res[b].var();
    bind(c);
    bodies[b]->stms.push_back(Stm{{c}, Exp{std::move(op)}, prov});
    results[b]->push_back(c.name);
  }
}

void Introducer::ifExp(Stm& s, If& e, Level level, std::vector<Stm>& out) {
  Body thenBody = body(e.thenBody, level), elseBody = body(e.elseBody, level);
  std::vector<PatElem> pat;
  std::vector<Type> types;
  std::vector<SubExp> thenRes, elseRes;
  for (size_t k = 0; k < s.pat.size(); ++k) {
    const SubExp &t = thenBody.result[k], &f = elseBody.result[k];
    if (!s.pat[k].type.isArray()) {
      pat.push_back(s.pat[k]);
      types.push_back(e.types[k]);
      thenRes.push_back(t);
      elseRes.push_back(f);
      continue;
    }
    MemInfoRef tm = memOf(t.var()), fm = memOf(f.var());
    if (tm->block == fm->block && tm->lmad == fm->lmad) {
      // Both branches return the same outer view (the block is bound outside: names are
      // unique, so a block bound in one branch cannot appear in the other).
      pat.push_back(s.pat[k]);
      pat.back().mem = tm;
      types.push_back(e.types[k]);
      thenRes.push_back(t);
      elseRes.push_back(f);
      continue;
    }
    if (tm->block == fm->block) {
      // One block, different layouts: existential offset/strides, no copy.
      existentialLayout(s.pat[k], e.types[k], {&thenBody, &elseBody}, {t, f}, {&thenRes, &elseRes},
                        pat, types, s.prov);
      continue;
    }
    if (level == Level::Kernel && kernel_ &&
        !(isRowMajorAtZero(tm->lmad, types_.at(t.var()), defs_) &&
          isRowMajorAtZero(fm->lmad, types_.at(f.var()), defs_))) {
      branchesIntoOne(s.pat[k], {&thenBody, &elseBody}, {t, f}, {&thenRes, &elseRes}, s.prov);
      pat.push_back(s.pat[k]);
      types.push_back(e.types[k]);
      continue;
    }
    existential(s.pat[k], pat);
    bool aliases = false;
    for (auto [b, res, r] : {std::tuple{&thenBody, &thenRes, t}, {&elseBody, &elseRes, f}}) {
      VName arr = rowMajorArray(r.var(), level, s.prov, b->stms);
      VName block = memOf(arr)->block;
      aliases = aliases || mayAliasParam(block);
      res->push_back(block);
      res->push_back(arr);
    }
    if (aliases)
      mayAliasParam_.insert(pat[pat.size() - 2].name);
    types.push_back(memType());
    types.push_back(e.types[k]);
  }
  thenBody.result = std::move(thenRes);
  elseBody.result = std::move(elseRes);
  e.thenBody = std::move(thenBody);
  e.elseBody = std::move(elseBody);
  e.types = std::move(types);
  s.pat = std::move(pat);
}

void Introducer::loop(Stm& s, Loop& e, Level level, std::vector<Stm>& out) {
  FJORD_CHECK(s.pat.size() == e.merge.size(), "loop pattern does not match its merge");
  if (level == Level::Kernel)
    return kernelLoop(s, e, out);
  std::vector<std::pair<Param, SubExp>> merge;
  std::vector<bool> aliases;
  std::vector<size_t> layoutComponents; // per array merge parameter; 0: row-major
  for (size_t j = 0; j < e.merge.size(); ++j) {
    auto [p, init] = e.merge[j];
    if (!p.type.isArray()) {
      bind(p);
      merge.emplace_back(p, init);
      continue;
    }
    VName arr = rowMajorArray(init.var(), level, s.prov, out);
    VName initBlock = memOf(arr)->block;
    Param block{names_.fresh(p.name.name + "_mem"), memType(), nullptr};
    p.mem = memInfo(block.name, rowMajor(p.type, defs_));
    aliases.push_back(mayAliasParam(initBlock));
    if (aliases.back())
      mayAliasParam_.insert(block.name);
    bind(block);
    merge.emplace_back(block, initBlock);
    // A re-viewed merge parameter carries its offset and strides (Note [Existential LMADs]).
    size_t comps = reviewsMergeParam(e.body, j, p.name) ? p.type.rank() + 1 : 0;
    layoutComponents.push_back(comps);
    Lmad lmad = p.mem->lmad;
    for (size_t c = 0; c < comps; ++c) {
      Param comp{names_.fresh(p.name.name + "_" + componentHint(c)), Type::prim(PrimType::I64),
                 nullptr};
      bind(comp);
      lmad = withComponent(std::move(lmad), c, symbolic::Expr::var(comp.name.str()));
      merge.emplace_back(comp, component(memOf(arr)->lmad, c, p.name.name, s.prov, out));
    }
    p.mem = memInfo(block.name, std::move(lmad));
    bind(p);
    merge.emplace_back(p, arr);
  }
  if (e.kind == Loop::Kind::For)
    bind(Param{e.iterator, Type::prim(PrimType::I64), nullptr});
  Body b = body(e.body, level);
  std::vector<SubExp> result;
  std::vector<PatElem> pat;
  size_t arrays = 0;
  for (size_t k = 0; k < e.merge.size(); ++k) {
    if (!e.merge[k].first.type.isArray()) {
      result.push_back(b.result[k]);
      pat.push_back(s.pat[k]);
      continue;
    }
    size_t comps = layoutComponents[arrays];
    VName blockParam; // the merge parameter's block
    for (const auto& [mp, mi] : merge)
      if (mp.name == e.merge[k].first.name)
        blockParam = mp.mem->block;
    const VName& r = b.result[k].var();
    // The merge parameter's own block (a view of it) keeps its layout in the components.
    VName arr = comps > 0 && memOf(r)->block == blockParam
                    ? r
                    : rowMajorArray(r, level, s.prov, b.stms);
    result.push_back(memOf(arr)->block);
    for (size_t c = 0; c < comps; ++c)
      result.push_back(component(memOf(arr)->lmad, c, r.name, s.prov, b.stms));
    result.push_back(arr);
    existential(s.pat[k], pat, comps);
    if (aliases[arrays++] || mayAliasParam(result[result.size() - 2 - comps].var()))
      mayAliasParam_.insert(pat[pat.size() - 2 - comps].name);
  }
  b.result = std::move(result);
  e.merge = std::move(merge);
  e.body = std::move(b);
  s.pat = std::move(pat);
}

void Introducer::apply(Stm& s, Apply& e, Level level, std::vector<Stm>& out) {
  std::vector<SubExp> args;
  for (const SubExp& a : e.args) {
    if (!isArrayVar(a)) {
      args.push_back(a);
      continue;
    }
    VName arr = rowMajorArray(a.var(), level, s.prov, out);
    args.push_back(memOf(arr)->block);
    args.push_back(arr);
  }
  std::vector<Type> retTypes;
  for (const Type& t : e.retTypes) {
    if (t.isArray())
      retTypes.push_back(memType());
    retTypes.push_back(t);
  }
  std::vector<PatElem> pat;
  for (const PatElem& p : s.pat) {
    if (p.type.isArray())
      existential(p, pat);
    else
      pat.push_back(p);
  }
  e.args = std::move(args);
  e.retTypes = std::move(retTypes);
  s.pat = std::move(pat);
}

} // namespace fjord::mem::detail
