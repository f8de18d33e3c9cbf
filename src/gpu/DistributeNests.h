// Flattening of map nests into kernels (private to gpu/; PLDI'17 §5.1, rules G1-G4 and G7).
#pragma once
#include "gpu/ExtractKernels.h"
#include "gpu/KernelNest.h"

namespace fjord::gpu {

/// Names a function's thresholds (Note [Thresholds] in ir/IR.h): `<fun>.<class>_<n>`, with
/// `n` counted per function and class in the order extraction meets the nests.
struct ThresholdNames {
  std::string fun;
  int outer = 0, intra = 0;
  std::string next(ir::ThresholdClass c) {
    int& n = c == ir::ThresholdClass::SuffOuterPar ? outer : intra;
    return fun + "." + ir::thresholdClassName(c) + "_" + std::to_string(n++);
  }
};

/// Whether `stm` is cheap, cannot fail (but as an assertion) and binds nothing updated in
/// place: safe to run once in host code for the whole nest, if it uses no name bound in it.
bool hoistableKind(const ir::Stm& stm);

/// Turns the host-level `let pat = map lam inputs` (a map-only Screma) into kernels
/// (Note [Distributing map nests] in DistributeNests.cpp), appended to `out` with the
/// host-level statements hoisted out of the nest. Names come from `names`; host-level iotas
/// hoisted out of the nest are added to `iotas`; thresholds that choose between versions
/// are named by `thresholds`. `rearranged` holds the host-level arrays whose rows may not be
/// contiguous in memory (transpositions and views of them; Note [Dominated outer versions]).
void distributeMap(const ir::Stm& stm, const ir::Screma& s, ir::NameSource& names,
                   IotaMap& iotas, ThresholdNames& thresholds, const ExtractOptions& options,
                   const ir::NameSet& rearranged, std::vector<ir::Stm>& out);

} // namespace fjord::gpu
