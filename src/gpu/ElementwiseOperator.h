// Recognising SOAC operators that work elementwise on arrays (`map2 (+)`, a tuple of such
// maps), and recovering the scalar operator they apply to each position.
#pragma once
#include "ir/IR.h"

#include <optional>

namespace fjord::gpu {

/// An operator over arrays that combines them position by position.
struct ElementwiseOp {
  ir::SubExp width;  ///< the operands' outer size: the number of positions
  ir::Lambda scalar; ///< the operator on one position: (acc_j ..., x_j ...) rows -> rows
};

/// Whether `op` (2k array parameters -> k results) is elementwise: its body is a sequence of
/// map-only Scremas, each over `width` (the parameters' common outer size) and over the
/// operator's own parameters, whose inner lambdas do not otherwise mention those parameters
/// or anything else bound in the body, and the body returns results of those Scremas. The
/// scalar operator then takes the parameters' rows: each inner lambda's parameters stand
/// for the rows of the operator parameters they were given. Its names are fresh.
///   \(a : [m]i32, b : [m]i32) -> { let c = map (\x y -> x + y) a b in c }
///   ==> \(a' : i32, b' : i32) -> { let t = a' + b' in t }
std::optional<ElementwiseOp> elementwiseOperator(const ir::Lambda& op, ir::NameSource& names);

} // namespace fjord::gpu
