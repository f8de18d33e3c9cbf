// Fusing a map into the histogram that reads its results (Note [Map into hist]).
#include "opt/FuseHist.h"

#include "opt/FuseWiring.h"

#include "ir/Traverse.h"

namespace fjord::opt::detail {

using namespace ir;

Stm fuseMapIntoHist(const Stm& ps, const Stm& cs) {
  const Screma& p = std::get<Screma>(std::get<Soac>(std::get<Op>(ps.exp)));
  const Hist& c = std::get<Hist>(std::get<Soac>(std::get<Op>(cs.exp)));
  Hist f = c;
  f.inputs = p.inputs;
  f.bucketFn.params = p.map.params;
  Substitution subst;
  wireConsumerInputs(c.inputs, c.bucketFn.params, ps.pat, 0, p.map.body.result, f.inputs,
                     f.bucketFn.params, subst);
  Body cBody = substitute(c.bucketFn.body, subst);
  f.bucketFn.body.stms = p.map.body.stms;
  f.bucketFn.body.stms.insert(f.bucketFn.body.stms.end(), cBody.stms.begin(), cBody.stms.end());
  f.bucketFn.body.result = cBody.result;
  Stm out;
  out.pat = cs.pat;
  out.prov = cs.prov; // still the histogram the user wrote
  out.exp = Op{Soac{std::move(f)}};
  return out;
}

} // namespace fjord::opt::detail
