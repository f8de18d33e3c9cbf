// Simplification rules for SOAC statements (private to opt/; used by Simplify.cpp).
#pragma once
#include "ir/IR.h"

#include <optional>
#include <vector>

namespace fjord::opt::detail {

/// A Screma whose width is the constant 0 computes nothing: its map and scan results are
/// empty arrays (`replicate` of the element type's zero, with the pattern's shape) and its
/// reduction results are the neutral elements (array neutrals are copied, so the result
/// never aliases them). Returns the replacing statements (binding the same names), or
/// nullopt if `s` is not such a Screma.
///   let {r, ys} = screma(0i64, {xs}) map ... reduce {(+, 0i32)}
///     ==>  let {r} = 0i32; let {ys} = replicate [0i64] 0f32
std::optional<std::vector<ir::Stm>> emptyScrema(const ir::Stm& s);

} // namespace fjord::opt::detail
