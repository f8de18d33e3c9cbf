// Version B of a multi-versioned nest (Note [Multi-versioned nests] in DistributeNests.cpp,
// Note [Intra-group SegMap] in ir/IR.h): which map bodies a block can run with its threads
// in shared memory, and the host guard that chooses between it and the flattened version.
#pragma once
#include "gpu/DistributeNests.h"
#include "gpu/KernelNest.h"

#include <optional>

namespace fjord::gpu {

/// What version B of a nest needs: its inner width w (the block's threads) and the bytes of
/// shared memory per thread its reductions and scans use.
struct IntraWidth {
  ir::SubExp width;
  int64_t sharedBytesPerThread = 0;
};

/// The inner width of `lam`'s body when one block per point of `nest` can run it (Note
/// [Intra-group SegMap]): statements on scalars (`if`s and `for` loops of them included:
/// no barrier is inside them) and views, and Scremas over w (the same at
/// every point) whose map and operators work on scalars, their arrays used only as later
/// Scremas' inputs or as the body's results (thread j reads only element j). Nothing
/// otherwise. Whether the block fits the device is the host guard's question.
std::optional<IntraWidth> intraGroupWidth(const KernelNest& nest, const ir::Lambda& lam);

/// The body choosing between version B, the intra-group SegMap `intra` binding `intraPat`,
/// and version C, the statements `flat` binding `flatPat`, of a nest of inner width `w`
/// (Note [Device limits] in ir/IR.h):
///   let suff_intra = cmp_size("f.suff_intra_par_k", suff_intra_par) <= w
///   let block = (max(w, 1) + 31) / 32 * 32          -- the threads imp/ launches
///   let fits = block <= device_limit(max_block_size)
///              && block * shared_per_thread <= device_limit(max_shared_memory)
///   let intra_ok = suff_intra && fits
///   in if intra_ok then { intra } else { flat }
ir::Body chooseIntraGroup(const IntraWidth& width, ir::Stm intra,
                          const std::vector<ir::PatElem>& intraPat, std::vector<ir::Stm> flat,
                          const std::vector<ir::PatElem>& flatPat, ir::NameSource& names,
                          ThresholdNames& thresholds, const ir::Provenance& prov);

} // namespace fjord::gpu
