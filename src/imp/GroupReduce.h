// The fast building blocks of reductions: combining the accumulators of groups of threads
// with warp shuffles (CUDA) or a shared-memory tree (OpenCL), and reading a SegOp's
// contiguous inputs four elements at a time. See Note [Group reduction] and
// Note [Vectorised inputs] (GroupReduce.cpp).
#pragma once
#include "imp/SegCombine.h"

namespace fjord::imp::detail {

/// The block size of kernels that use groupReduce: `<base>.block_size` rounded down to a
/// multiple of the warp (32), at least 32.
ExpRef warpMultipleBlockSize(HostLowerer& host, const std::string& base, Block& out);

/// Combines `accs` within each group of `groupSize` consecutive threads of the block, in
/// thread order (so non-commutative operators are fine); afterwards the accumulators of
/// each group's first thread hold the group's value. `groupSize` is a power of two up to 32,
/// or the block size (a multiple of 32). Every thread of the block must reach it. `sh` are
/// shared arrays of kMaxBlockSize elements, one per operand.
void groupReduce(KernelLowerer& k, const ir::SegOp& seg, const std::vector<Operand>& operands,
                 ExpRef tid, ExpRef groupSize, const std::vector<ExpRef>& accs,
                 const std::vector<std::string>& sh, Block& out);

/// A statement of a SegOp's body that reads element `i` of a one-dimensional array that
/// lies contiguously from offset 0 of its memory, `i` being the SegOp's (innermost) index:
/// the load can be one of four lanes of a vector load.
struct VectorInput {
  size_t stm;      ///< its position in the body
  ArrayVar array;
  ir::VName bound; ///< the scalar it binds
};

/// Whether vector accesses handle elements of type `t` (4 bytes: f32, i32, u32).
bool vectorElem(PrimType t);
/// Whether `a` is one-dimensional, contiguous and starts at element 0 of its block.
bool contiguousFromZero(const ArrayVar& a);

/// The body's vectorisable reads of index `index`. All of them have 4-byte elements.
std::vector<VectorInput> vectorInputs(Lowerer& L, const ir::Body& body, const ir::VName& index);

/// The body's statements without the vectorised reads.
std::vector<ir::Stm> withoutInputs(const ir::Body& body, const std::vector<VectorInput>& ins);

/// Whether `stms` compute scalars from scalars only: no array reads, loops or calls, so
/// taking four points per thread cannot spoil how other arrays are accessed (a thread
/// walking a row, say, reads it coalesced only with one point per thread).
bool scalarOnly(const std::vector<ir::Stm>& stms);

/// Per vector input, a private array of `count` elements (declared in `decls`).
std::vector<std::string> laneArrays(KernelLowerer& k, const std::vector<VectorInput>& ins,
                                    int64_t count, Block& decls);

/// Fills elements first .. first+3 of the lane arrays with elements 4*g .. 4*g+3 of every
/// input: one vector load each when all four exist (`4*g + 4 <= n`), else element by
/// element below n. A null `n`: the caller knows all four exist (no check).
void loadLanes(KernelLowerer& k, const std::vector<VectorInput>& ins,
               const std::vector<std::string>& lanes, ExpRef g, ExpRef n, ExpRef first,
               Block& out);

} // namespace fjord::imp::detail

namespace fjord::imp::detail {

/// A one-dimensional SegMap whose results are all scalars stored contiguously from offset 0
/// with 4-byte elements, as a kernel in which each thread computes four consecutive points
/// with vector loads of its contiguous inputs and vector stores of its results (Note
/// [Vectorised map], LowerSegMapVector.cpp). Returns false, emitting nothing, otherwise.
bool lowerVectorisedSegMap(HostLowerer& host, const ir::Stm& stm, const ir::SegOp& op,
                           Block& out);

} // namespace fjord::imp::detail
