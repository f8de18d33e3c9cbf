// Pieces shared by the histogram lowerings (LowerSegHist.cpp: planning, the global-atomic
// and by-bucket kernels, the host code; LowerSegHistShared.cpp: the kernel with per-block
// sub-histograms in shared memory). See Note [Histograms] in LowerSegHist.cpp.
#pragma once
#include "imp/SegCombine.h"

#include <string>
#include <vector>

namespace fjord::imp::detail {

enum class HistStrategy { Atomic, Cas, ByBucket };

/// One HistOp and how it is lowered: its operands are pattern elements
/// [firstPat, firstPat + k) and body results [firstValue, firstValue + k).
struct HistOpPlan {
  const ir::HistOp* op;
  size_t index; ///< its bucket index is body result `index`
  size_t firstPat;
  size_t firstValue;
  HistStrategy strategy;
  BinOpKind binOp = BinOpKind::Add; ///< Atomic
  PrimType type = PrimType::I64;    ///< Atomic, Cas: the operand type
  /// Cas of a 1- or 2-byte integer: the loop swaps the aligned 32-bit word holding it.
  bool subword = false;
};

/// The most bytes of shared memory the sub-histograms of one block may take: the static
/// shared memory every CUDA device allows a block (48 KiB), which OpenCL GPUs also offer.
inline constexpr int64_t kHistSharedBytes = 48 * 1024;
/// The most sub-histograms one block keeps (the tuning parameter is clamped to it).
inline constexpr int64_t kMaxSubHistograms = 16;
/// Inputs each thread of the shared-memory kernel takes per round of its loop (a constant,
/// so that the C compiler unrolls the round and overlaps the reads).
inline constexpr int64_t kHistUnroll = 4;
/// Defaults of the tuning parameters (H100: 132 SMs, 2048 threads each): two blocks of 1024
/// threads per SM, each with up to 48 KiB of sub-histograms.
inline constexpr int64_t kDefaultHistBlockSize = 1024;
inline constexpr int64_t kDefaultSubHistograms = 8;
inline constexpr int64_t kDefaultHistBlocks = 132 * 2;
inline constexpr int64_t kDefaultHistPasses = 8;

/// `0 <= b && b < width`.
ExpRef inBounds(ExpRef b, ExpRef width);

/// The histogram array behind pattern element `pe`, bound in kernel `k`.
const ArrayVar& histogram(KernelLowerer& k, const ir::PatElem& pe);

/// `mem[at] = op(mem[at], value)` for the op of `p` (Atomic or Cas) on memory `mem`
/// (global memory or a shared array) holding elements of `p.type`.
void histUpdate(KernelLowerer& k, const HistOpPlan& p, const std::string& mem, ExpRef at,
                ExpRef value, Block& out);

/// The elements of the shared array of per-input op `p`, fixed when compiling: as many
/// sub-histograms as fit when the width is a constant (and one fits), else its share of
/// kHistSharedBytes among `numOps` ops.
int64_t sharedCapacity(const HistOpPlan& p, size_t numOps);

/// The per-input ops' kernel with sub-histograms in shared memory (Note [Histograms],
/// "shared"); its scalar parameters `sub_histograms`, `bin_start` and `pass_bins` take the
/// host values given. Subword op `plans[j]` writes each block's buckets to the host buffer
/// `hostPartials[j]` (row `blockId`, `pass_bins` wide) instead of the histogram.
void sharedHistKernel(KernelLowerer& k, const ir::Stm& stm, const ir::SegOp& seg,
                      const std::vector<HistOpPlan>& plans, ExpRef hostSubHists,
                      ExpRef hostBinStart, ExpRef hostPassBins,
                      const std::vector<std::string>& hostPartials);

/// The kernel after sharedHistKernel for subword op `p`: one thread per bucket of the pass
/// folds the `hostBlocks` rows of `hostPartial` into the histogram.
void mergePartialsKernel(KernelLowerer& k, const ir::Stm& stm, const HistOpPlan& p,
                         const std::string& hostPartial, ExpRef hostBlocks,
                         ExpRef hostBinStart, ExpRef hostPassBins);

} // namespace fjord::imp::detail
