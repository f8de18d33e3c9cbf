// What every vertical fusion rule does with the consumer's inputs (private to opt/).
#pragma once
#include "ir/IR.h"
#include "ir/Traverse.h"

namespace fjord::opt::detail {

/// Wires the consumer's inputs into the fused SOAC. For each consumer input `cInputs[k]`
/// with lambda parameter `cParams[k]`: one produced by the producer (its pattern from
/// `firstProduced` on, computing `pResults`) becomes that result in `subst`; one the fused
/// SOAC already reads reuses its parameter; any other is appended to `fInputs`/`fParams`.
/// `fParams[i]` is the fused lambda's parameter for `fInputs[i]`.
void wireConsumerInputs(const std::vector<ir::VName>& cInputs,
                        const std::vector<ir::Param>& cParams,
                        const std::vector<ir::PatElem>& pPat, size_t firstProduced,
                        const std::vector<ir::SubExp>& pResults,
                        std::vector<ir::VName>& fInputs, std::vector<ir::Param>& fParams,
                        ir::Substitution& subst);

/// The provenance of a fused statement: the consumer's, named after both SOACs.
ir::Provenance fusedProvenance(const ir::Stm& producer, const ir::Stm& consumer);

} // namespace fjord::opt::detail
