// The kernels of a SegScan (Note [Single-pass scan], LowerSegScan.cpp): the tile kernel in
// its three modes (single pass with decoupled look-back; the fallback's reduce and rescan),
// the kernel that resets the tile status, and the fallback's scan of the tile aggregates.
#pragma once
#include "imp/GroupReduce.h"

#include <functional>
#include <string>
#include <vector>

namespace fjord::imp::detail {

/// A filter's scatter fused into the scan (Note [One-pass filter], LowerFilter.cpp).
struct Compaction {
  const ir::Stm* scatter = nullptr; ///< the scattering SegMap of the filter
  ir::VName offsets, flags;         ///< the scan's results that the scatter reads
  std::vector<std::string> kept;    ///< host buffers of n elements, one per destination
  std::string count;                ///< host i64[1]: how many elements were kept
};

/// What the kernels of one SegScan share.
struct ScanPlan {
  const ir::Stm& stm;
  const ir::SegOp& seg;
  std::vector<Operand> operands;
  bool segmented = false;         ///< rank > 1: rows are scanned; values carry a start flag
  std::vector<PrimType> types;    ///< the scanned values: [the bool flag] ++ the operands
  std::vector<std::string> names; ///< their source-derived names
  int64_t tileMax = 0;            ///< elements a tile may hold (shared memory is sized by it)
  const Compaction* compact = nullptr; ///< set: write the scatter's values, not the scan
  /// Non-empty: the tile is loaded four elements at a time (Note [Vector tiles]).
  std::vector<VectorInput> vectorIns = {};
};

/// Sets p.vectorIns where the body's inputs allow vector loads (Note [Vector tiles]).
void planVectorTile(Lowerer& L, ScanPlan& p);

/// The type value j of a tile has in shared memory: its scanned type, except a filter's
/// offsets, i32 there (Note [Filter offsets in a tile], ScanKernels.cpp).
PrimType tileType(const ScanPlan& p, size_t j);
/// Sets p.tileMax from the values' sizes in shared memory (again after setting p.compact).
void sizeTile(ScanPlan& p);

/// The scanned values of one point or thread, in the order of ScanPlan::types.
using Vals = std::vector<ExpRef>;

/// The neutral element of every value (a segmented scan's flag: false).
Vals neutral(KernelLowerer& k, const ScanPlan& p);
/// Fresh scalars `<name><suffix>` initialised to `init`.
Vals declareVals(KernelLowerer& k, const ScanPlan& p, const std::string& suffix,
                 const Vals& init, Block& out);
void assignVals(const Vals& to, const Vals& from, Block& out);
Vals loadVals(const std::vector<std::string>& mems, const ScanPlan& p, ExpRef i,
              bool isVolatile = false);
void storeVals(const std::vector<std::string>& mems, ExpRef i, const Vals& v, Block& out,
               bool isVolatile = false);
/// x op y with x before y: the user's operators on the operands; a segmented scan restarts
/// where y starts a row. The results are declared as fresh scalars.
Vals combineVals(KernelLowerer& k, const ScanPlan& p, const Vals& x, const Vals& y, Block& out);

// The pieces of a tile kernel that the filter's write stage (LowerFilter.cpp) and the
// vector tiles (ScanTileVectors.cpp) share.

/// `for (c < bound) body`, unrolled by a few items where the target can.
void itemLoop(const std::string& c, ExpRef bound, Block body, Block& out);
/// Index `j` of a tile in shared memory, with a pad word every 32 so that a thread reading
/// its own consecutive items and a warp reading consecutive elements both avoid bank
/// conflicts.
ExpRef padded(ExpRef j);
/// The index of the first operand among the scanned values (after a segmented scan's flag).
size_t firstOperand(const ScanPlan& p);
/// Values j of the tile at `i`, in their scanned types.
Vals loadTile(const std::vector<std::string>& sh, const ScanPlan& p, ExpRef i);
void storeTile(const std::vector<std::string>& sh, const ScanPlan& p, ExpRef i, const Vals& v,
               Block& out);
/// Runs the body (or `stms`, the body without some of its statements) at flat index `i`;
/// stores its mapped results where `storeIf` (null: never; the constant true: always)
/// holds; returns the values to scan (a row's first element carries the flag).
Vals evalPoint(KernelLowerer& k, const ScanPlan& p, ExpRef i, ExpRef storeIf, Block& out,
               const std::vector<ir::Stm>* stms = nullptr);

/// Item `item` of thread `tid` in a tile, element j = item * block_size + tid (so that
/// neighbouring threads touch neighbouring elements), at flat index tile_start + j, which
/// the body sees clamped to n - 1: the last tile evaluates the body at real points only and
/// keeps what it computes past n out of the results (Note [Loads in flight], ScanKernels.cpp).
struct TileItem {
  ExpRef j;       ///< index in the tile
  ExpRef inRange; ///< tile_start + j < n
  ExpRef i;       ///< the point's flat index, clamped
};
TileItem tileItem(KernelLowerer& k, const std::string& iName, ExpRef item, ExpRef tid,
                  ExpRef tileStart, ExpRef n, Block& out);
/// Whether kernel code `b` stores to memory that outlives its thread (not its private
/// arrays, not the error flag), outside Ifs on `guardedBy` (Note [Padding points write
/// nothing], ScanPaddingPoints.cpp).
bool writesMemory(const KernelLowerer& k, const Block& b, ExpRef guardedBy);
/// evalPoint at tile item `t`, its mapped results stored where `storeMapped`; the values
/// are the neutral element past n, where the body runs only if it writes no memory (Note
/// [Padding points write nothing], ScanPaddingPoints.cpp).
Vals evalTileItem(KernelLowerer& k, const ScanPlan& p, const TileItem& t, bool storeMapped,
                  Block& out);

/// The vector load of a tile (Note [Vector tiles], ScanTileVectors.cpp): every thread maps
/// its `items` points, four consecutive ones per vector, into the tile in shared memory.
/// `tileVector` is the tile's first vector, tile_start / 4.
/// `lanes` are private arrays of 4 elements, one per vector input; mapped results are
/// stored where `storeMapped`.
void loadTileVectors(KernelLowerer& k, const ScanPlan& p, ExpRef tid, ExpRef tileStart,
                     ExpRef tileVector, ExpRef items, ExpRef n, const std::vector<std::string>& tileSh,
                     const std::vector<std::string>& lanes, bool storeMapped, Block& out);

/// The write-back of a scan's tile (Note [Vector tiles]) four elements at a time, one vector
/// store per result, where the tile was loaded so and every result is contiguous from
/// offset 0 with 4-byte elements; returns false, emitting nothing, otherwise.
bool storeTileVectors(KernelLowerer& k, const ScanPlan& p, ExpRef tid, ExpRef tileVector,
                      ExpRef items, ExpRef n, const std::vector<std::string>& tileSh,
                      Block& decls, Block& out);

/// The write stage of a one-pass filter (Note [One-pass filter], LowerFilter.cpp), after
/// the tile holds each point's offset relative to `tileOffset`; `carry` is the thread's
/// inclusive offset at its last item.
void scatterKept(KernelLowerer& k, const ScanPlan& p, ExpRef tid, ExpRef tileStart,
                 ExpRef items, ExpRef n, const std::vector<std::string>& tileSh,
                 ExpRef tileOffset, const Vals& carry, Block& body);

/// What a block scan gives each thread.
struct BlockScanned {
  Vals prefix;    ///< the combination of the threads before it (neutral for thread 0)
  Vals aggregate; ///< the combination of all the block's threads
};

/// Scans the threads' `accs` across the block (Note [Block scan], ScanBlock.cpp) through
/// shared arrays of its own, one per value: a total per warp with shuffles (CUDA), a value
/// per thread without. Every thread of the block must reach it; the block size is a
/// multiple of 32.
BlockScanned blockScan(KernelLowerer& k, const ScanPlan& p, ExpRef tid, const Vals& accs,
                       Block& out);

/// Emits `read(pred, seen, val, out)`: the status of tile `pred` into the i32 `seen` and its
/// published value into `val`, where pred >= 0 (otherwise they keep their initial values).
using ReadPredecessor =
    std::function<void(ExpRef pred, const std::string& seen, const Vals& val, Block& out)>;

/// The look-back of Note [Single-pass scan] by warp 0 alone, with shuffles (Note [Warp
/// look-back], ScanBlock.cpp): thread 0 ends with the tile's exclusive prefix in `excl`.
void warpLookBack(KernelLowerer& k, const ScanPlan& p, ExpRef tid, ExpRef tile, const Vals& excl,
                  const ReadPredecessor& read, Block& out);

/// Whether the look-back packs a tile's status and value into one i64 word (value * 4 +
/// status): a single value that converts to i64 and back without loss and stays within
/// 62 bits (integers of up to 32 bits, bool, a filter's counts).
bool packedStatus(const ScanPlan& p);

/// The default of `<base>.items_per_thread`.
inline constexpr int64_t kDefaultItemsPerThread = 32;

ScanPlan makeScanPlan(const ir::Stm& stm, const ir::SegOp& seg);

/// Device buffers with one element per tile (host C names).
struct TileStatus {
  std::string status;                  ///< i32: 0 nothing yet, 1 aggregate, 2 inclusive prefix;
                                       ///< packed: i64 value * 4 + that status
  bool packed = false;                 ///< packedStatus: no aggregates and prefixes
  std::vector<std::string> aggregates; ///< per value
  std::vector<std::string> prefixes;   ///< per value (look-back only)
};

enum class TileMode {
  LookBack, ///< single pass: scan the tile, publish, look back, write
  Reduce,   ///< fallback stage 1: publish the tile's aggregate only
  Rescan,   ///< fallback stage 3: scan with the exclusive prefix found in `aggregates`
};

void tileKernel(KernelLowerer& k, const ScanPlan& p, TileMode mode, const TileStatus& st,
                ExpRef hostItems, ExpRef hostN);
/// Zeroes the status of `hostTiles` tiles (one thread per tile).
void resetStatusKernel(KernelLowerer& k, const TileStatus& st, ExpRef hostTiles);
/// One block: the tile aggregates become exclusive prefixes, in place.
void aggregateScanKernel(KernelLowerer& k, const ScanPlan& p, const TileStatus& st,
                         ExpRef hostTiles);

/// Lowers the scan of `p` (n > 0 points, else nothing) with kernels named after `base`:
/// the single-pass scheme where forward_progress(), else reduce-then-scan.
void lowerScanTiles(HostLowerer& host, const ScanPlan& p, const std::string& base, ExpRef n,
                    Block& out);

} // namespace fjord::imp::detail
