// Pieces shared by the SegRed, SegScan and SegHist lowerings: the operands of a SegOp's
// operators, per-thread accumulators, folding in index order, contiguous per-block and
// per-thread chunks, shared arrays per operand. Every combine applies the operators in
// index order, so they are correct for associative operators that are not commutative.
// The block-level combines are GroupReduce.h (reductions) and ScanKernels.h (scans); see
// Note [Two-stage reduction] (LowerSegRed.cpp) and Note [Single-pass scan]
// (LowerSegScan.cpp).
#pragma once
#include "imp/Lowering.h"

#include <string>
#include <vector>

namespace fjord::imp::detail {

/// One operand of a reduction or scan: its type, source-derived name and operator.
struct Operand {
  PrimType type;
  std::string name;
  const ir::RedOp* op;
  size_t indexInOp;
};

/// The operands of `seg.ops`, in order, named after the statement's pattern.
std::vector<Operand> operandsOf(const ir::Stm& stm, const ir::SegOp& seg);

/// Declares one accumulator per operand, initialised to its neutral element.
std::vector<ExpRef> declareAccs(Lowerer& L, const std::vector<Operand>& operands,
                                const std::string& suffix, Block& out);

/// Applies the user's operator `op` of the kernel's SegOp, whose first result is pattern
/// element `firstPat`, to `args`: through its device function (KernelLowerer::
/// applyOperator, Note [Calls in Imp]); outside a kernel, written in place.
std::vector<ExpRef> applySegOperator(Lowerer& L, const ir::Lambda& op, size_t firstPat,
                                     const std::vector<ExpRef>& args, Block& out);

/// Whether the operator is one built-in operation, which reads best written at the site
/// (applySegOperator writes it there rather than calling a device function).
bool isSingleOperation(const ir::Lambda& lam);

/// Applies the operators to `(xs, ys)` operator by operator; returns the results (one per
/// operand). The statements computing them go to `out`.
std::vector<ExpRef> combine(Lowerer& L, const ir::SegOp& seg, const std::vector<ExpRef>& xs,
                            const std::vector<ExpRef>& ys, Block& out);

/// acc = acc op x for every operator (operands in order).
void fold(Lowerer& L, const ir::SegOp& seg, const std::vector<ExpRef>& accs,
          const std::vector<ExpRef>& xs, Block& out);

/// A contiguous range [start, end) of indices.
struct Chunk {
  ExpRef start, end;
  /// Its length, or 0 when the range is empty (start may exceed end).
  ExpRef length() const { return maxE(sub(end, start), i64(0)); }
};

/// The chunk of thread `tid` in block `blk`: the grid's threads, in order, own consecutive
/// chunks of `perThread` indices of [0, n) (so each block owns a contiguous range too).
/// Declares `start` and `end` in `out`.
Chunk threadChunk(KernelLowerer& k, ExpRef blk, ExpRef tid, ExpRef perThread, ExpRef n,
                  Block& out);

/// One shared array per operand, sized for the largest block (declared in `decls`).
std::vector<std::string> sharedArrays(KernelLowerer& k, const std::vector<Operand>& operands,
                                      Block& decls);

/// "(+)" for an operator that is one binary operation, else "a user-defined operator";
/// several operators are joined with "and".
std::string describeOps(const std::vector<ir::RedOp>& ops);
/// The arrays the body reads by indexing, for kernel docs (" over xs, ys"), or "".
std::string describeInputs(const ir::Body& body);

bool allCommutative(const ir::SegOp& seg);

} // namespace fjord::imp::detail
