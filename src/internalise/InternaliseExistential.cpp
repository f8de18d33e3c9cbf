// Existential sizes of `if`, `match` and loop results (issue #4).
//
// Note [Existential sizes in the IR]
// As in Futhark's core IR, a size that differs between the branches of an `if` is returned
// by the `if` as an extra i64 result, bound earlier in the same pattern, and the array's
// type names it:
//
//   let {ys_n_7 : i64, ys_8 : [ys_n_7]i32} = if b then {n, xs} else {m_5, filtered_6}
//
// `If::types` uses the pattern's names; each branch's result types equal them once those
// names are replaced by the branch's own i64 results (ir::existentialTypes). A loop whose
// array changes size carries the size as a merge parameter before the array's, and the
// body returns the new size with the new array:
//
//   let {acc_n_9 : i64, acc_10 : [acc_n_9]i32} =
//     loop {acc_n_3 : i64, acc_4 : [acc_n_3]i32} = {n, xs} for i < 3 do {... in {t_6, c_7}}
//
// Sizes that agree in every branch (or that a loop keeps) stay as they are; only the rest
// become existential, one name per distinct pair of branch sizes.
#include "internalise/Internaliser.h"

#include <map>

namespace fjord::internalise {

using ir::SubExp;
using ir::VName;

std::vector<VName> Internaliser::letIf(const std::string& name, const SubExp& cond,
                                       ir::Body thenB, ir::Body elseB, const ir::Provenance& prov,
                                       const SourceSpan& span) {
  size_t n = thenB.result.size();
  FJORD_CHECK(elseB.result.size() == n, "`if` branches with different numbers of results");
  std::vector<ir::Type> thenTs, elseTs;
  for (size_t i = 0; i < n; ++i) {
    thenTs.push_back(typeOf(thenB.result[i]));
    elseTs.push_back(typeOf(elseB.result[i]));
    if (thenTs[i].elem != elseTs[i].elem || thenTs[i].rank() != elseTs[i].rank())
      unsupported(span, "branches whose results differ in element type or rank");
  }
  // One existential size per distinct (then size, else size) pair.
  std::vector<std::pair<SubExp, SubExp>> ctx;
  std::vector<VName> ctxNames;
  auto existential = [&](const SubExp& a, const SubExp& b) -> SubExp {
    for (size_t k = 0; k < ctx.size(); ++k)
      if (ctx[k].first == a && ctx[k].second == b)
        return ctxNames[k];
    ctx.emplace_back(a, b);
    ctxNames.push_back(names_.fresh(name + "_n"));
    return ctxNames.back();
  };
  std::vector<ir::Type> types;
  for (size_t i = 0; i < n; ++i) {
    ir::Type t = thenTs[i];
    for (size_t d = 0; d < t.shape.size(); ++d)
      if (!(thenTs[i].shape[d] == elseTs[i].shape[d]))
        t.shape[d] = existential(thenTs[i].shape[d], elseTs[i].shape[d]);
    types.push_back(t);
  }
  ir::If iff;
  iff.cond = cond;
  std::vector<SubExp> thenRes, elseRes;
  for (const auto& [a, b] : ctx) {
    thenRes.push_back(a);
    elseRes.push_back(b);
    iff.types.push_back(ir::Type::prim(PrimType::I64));
  }
  thenRes.insert(thenRes.end(), thenB.result.begin(), thenB.result.end());
  elseRes.insert(elseRes.end(), elseB.result.begin(), elseB.result.end());
  thenB.result = std::move(thenRes);
  elseB.result = std::move(elseRes);
  iff.types.insert(iff.types.end(), types.begin(), types.end());
  iff.thenBody = std::move(thenB);
  iff.elseBody = std::move(elseB);

  ir::Stm stm{{}, std::move(iff), prov};
  for (const VName& c : ctxNames)
    stm.pat.push_back(ir::PatElem{c, ir::Type::prim(PrimType::I64), nullptr});
  std::vector<VName> out;
  for (const ir::Type& t : types) {
    out.push_back(names_.fresh(name));
    stm.pat.push_back(ir::PatElem{out.back(), t, nullptr});
  }
  b_->add(std::move(stm));
  return out;
}

} // namespace fjord::internalise
