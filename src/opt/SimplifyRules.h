// The simplifier's rewrite rules for basic ops (private to opt/): constant folding and
// algebraic identities, one named rule per table entry (SimplifyRules.cpp).
#pragma once
#include "ir/IR.h"

#include <functional>
#include <optional>

namespace fjord::opt {

/// Applies the first matching rule to `op`; the result is an equivalent op (possibly of
/// kind SubExp: the statement then just names an existing value) or nullopt if no rule
/// applies. Never folds an operation that would fail or trap (division by zero).
std::optional<ir::BasicOp> rewriteBasicOp(const ir::BasicOp& op);

/// The defining basic op of a variable in scope, or null (bound otherwise, or unknown).
using DefinitionOf = std::function<const ir::BasicOp*(const ir::VName&)>;

/// Rules that look through an operand's definition: `convert.bool.t b` compared with 0 or 1
/// (which filter fusion leaves behind) becomes `b` or `not b`. nullopt if none applies.
std::optional<ir::BasicOp> rewriteThroughDefinitions(const ir::BasicOp& op, const DefinitionOf& def);

/// Evaluates a scalar op of operand type `t` on constant operands (prim/Eval.h); nullopt if
/// it fails (division by zero, ...).
std::optional<ir::PrimValue> foldBinOp(ir::BinOpKind k, ir::PrimType t, ir::PrimValue x,
                                       ir::PrimValue y);
std::optional<ir::PrimValue> foldCmpOp(ir::CmpOpKind k, ir::PrimType t, ir::PrimValue x,
                                       ir::PrimValue y);

} // namespace fjord::opt
