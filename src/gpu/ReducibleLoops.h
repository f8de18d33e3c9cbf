// Sequential `for` loops that are reductions in disguise (`loop acc = z for j < k do acc OP
// f j`), recognised so that flattening can run them in parallel. See Note [Loops as
// reductions] in ReducibleLoops.cpp.
#pragma once
#include "gpu/KernelNest.h"
#include "ir/IR.h"

#include <optional>

namespace fjord::gpu {

/// A loop `loop acc = z for j < k do { stms; let r = acc OP e; ... } in r` whose one
/// accumulator is used only as OP's operand and starts at OP's neutral element.
struct ReducibleLoop {
  ir::BinOpKind op;
  PrimType type;
  size_t combine;     ///< the index in the loop body of `let r = acc OP e`
  ir::SubExp element; ///< e: the element the iteration contributes
};

/// `stm` as a reduction, if it is one that may be reassociated (Note [Loops as
/// reductions]): on integers always, on floats only under `#[reassociate]`.
std::optional<ReducibleLoop> reducibleLoop(const ir::Stm& stm);

/// `\(x : t) (y : t) : t -> x OP y`, commutative, with OP's neutral element, for the
/// reducible loop `stm`.
ir::RedOp reductionOperator(const ir::Stm& stm, const ReducibleLoop& r);

/// Rewrites the reducible loop `stm` (`r` from reducibleLoop) into
///   let js = iota k
///   let acc' = screma k {js} map (\j -> stms without the combination; e) reduce OP z
/// appended to `out`.
void loopAsReduction(const ir::Stm& stm, const ReducibleLoop& r, ir::NameSource& names,
                     std::vector<ir::Stm>& out);

/// Whether `lam`, the body of a one-dimensional `nest`, is scalar code (basic operations,
/// `if`s and loops of them) around one reducible loop whose bound depends on the point
/// (Note [Irregular reductions] in DistributeNests.cpp).
bool irregularReduction(const KernelNest& nest, const ir::Lambda& lam);

} // namespace fjord::gpu
