// Flattening of map nests into kernels (private to gpu/; PLDI'17 §5.1, rules G1-G4 and G7).
#pragma once
#include "gpu/ExtractKernels.h"
#include "gpu/KernelNest.h"

namespace fjord::gpu {

/// Turns the host-level `let pat = map lam inputs` (a map-only Screma) into kernels
/// (Note [Distributing map nests] in DistributeNests.cpp), appended to `out` with the
/// host-level statements hoisted out of the nest. Names come from `names`; host-level iotas
/// hoisted out of the nest are added to `iotas`.
void distributeMap(const ir::Stm& stm, const ir::Screma& s, ir::NameSource& names,
                   IotaMap& iotas, const ExtractOptions& options, std::vector<ir::Stm>& out);

} // namespace fjord::gpu
