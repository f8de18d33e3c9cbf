// The source attributes that direct flattening (private to gpu/): `#[sequential]`,
// `#[sequential_outer]`, `#[sequential_inner]` and `#[incremental_flattening(...)]` on SOAC
// expressions. See Note [Flattening attributes] in FlatteningAttributes.cpp.
#pragma once
#include "gpu/KernelNest.h"
#include "ir/IR.h"

namespace fjord::gpu {

/// What the attributes of one SOAC statement (its Provenance::attrs) ask of flattening.
struct FlatteningAttrs {
  bool sequential = false;      ///< `sequential`: no parallelism at all
  bool sequentialOuter = false; ///< `sequential_outer`: the SOAC itself is a loop
  bool sequentialInner = false; ///< `sequential_inner`: only the outer-parallel version
  bool noOuter = false;         ///< `no_outer`, `only_inner` or `only_intra`: no version A
  bool onlyIntra = false;       ///< `only_intra`: only version B (Fjord makes C instead)
  bool noIntra = false;         ///< `no_intra` or `only_inner`: no version B
};

/// Reads `prov.attrs`; `incremental_flattening(x)` and Futhark's newer `flattening(x)` are
/// the same, and spaces are ignored. Other attributes ask nothing.
FlatteningAttrs flatteningAttrs(const ir::Provenance& prov);

/// `#[sequential]` on a host-level SOAC statement `stm`: one kernel of one thread runs it,
/// its results indexed out at host level. Appends the statements to `out`.
void oneThreadKernel(const ir::Stm& stm, ir::NameSource& names, const IotaMap& iotas,
                     std::vector<ir::Stm>& out);

/// `#[sequential_outer]` on the host-level `let pat = map lam inputs` (map-only `s`):
///   loop {rs = replicate [w] 0} for i < w do { bind lam's parameters to inputs[i]; lam's
///   statements; rs with [i] = results }
/// appended to `out` (the replicates, then the loop); its body is host code still, whose
/// SOACs the caller extracts in turn.
void sequentialLoop(const ir::Stm& stm, const ir::Screma& s, ir::NameSource& names,
                    std::vector<ir::Stm>& out);

} // namespace fjord::gpu
