// Wiring a consumer's inputs into a fused SOAC, and the fused statement's provenance (see
// FuseWiring.h).
#include "opt/FuseWiring.h"

#include <algorithm>

namespace fjord::opt::detail {

using namespace ir;

void wireConsumerInputs(const std::vector<VName>& cInputs, const std::vector<Param>& cParams,
                        const std::vector<PatElem>& pPat, size_t firstProduced,
                        const std::vector<SubExp>& pResults, std::vector<VName>& fInputs,
                        std::vector<Param>& fParams, Substitution& subst) {
  for (size_t k = 0; k < cInputs.size(); ++k) {
    const VName& in = cInputs[k];
    const Param& cp = cParams.at(k);
    auto fromP = std::find_if(pPat.begin() + static_cast<long>(firstProduced), pPat.end(),
                              [&](const PatElem& pe) { return pe.name == in; });
    if (fromP != pPat.end()) {
      subst[cp.name] = pResults.at(static_cast<size_t>(fromP - pPat.begin()));
      continue;
    }
    auto shared = std::find(fInputs.begin(), fInputs.end(), in);
    if (shared != fInputs.end()) {
      subst[cp.name] = SubExp(fParams.at(static_cast<size_t>(shared - fInputs.begin())).name);
      continue;
    }
    fInputs.push_back(in);
    fParams.push_back(cp);
  }
}

Provenance fusedProvenance(const Stm& producer, const Stm& consumer) {
  Provenance prov = consumer.prov;
  if (producer.prov.what != consumer.prov.what && !producer.prov.what.empty())
    prov.what = producer.prov.what + "_" + consumer.prov.what;
  return prov;
}

} // namespace fjord::opt::detail
