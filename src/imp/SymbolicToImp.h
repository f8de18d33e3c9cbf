// Turning compile-time symbolic integers (symbolic::Expr) and LMADs into imperative-IR
// address arithmetic (private to imp/). This is the only file of imp/ that looks inside
// symbolic's normal form or an Lmad.
#pragma once
#include "imp/Imp.h"
#include "symbolic/Expr.h"
#include "symbolic/Lmad.h"

#include <functional>
#include <string>
#include <vector>

namespace fjord::imp::detail {

/// Maps a symbolic variable (its name is an ir::VName::str(), e.g. "n_3") to the Imp
/// expression holding its value where the code is being generated.
using SymResolver = std::function<ExpRef(const std::string&)>;

/// `e` as an i64 Imp expression: terms in normal-form order, negative coefficients as
/// subtractions, the constant last; floor division/modulo as BinOp Div/Mod (floor
/// semantics on signed integers, see BinOpKind in prim/Ops.h).
ExpRef fromSymbolic(const symbolic::Expr& e, const SymResolver& resolve);

/// The element index of point `idx` (one i64 expression per dimension) under `lmad`.
ExpRef applyLmad(const symbolic::Lmad& lmad, const std::vector<ExpRef>& idx,
                 const SymResolver& resolve);

/// The number of dimensions of `lmad`.
int lmadRank(const symbolic::Lmad& lmad);
/// The offset of `lmad` (the index of its first element).
symbolic::Expr lmadOffset(const symbolic::Lmad& lmad);
/// True when `lmad` is row-major and dense for its own sizes, so that its elements are
/// `offset .. offset + product(sizes)` in index order.
bool isRowMajor(const symbolic::Lmad& lmad);
/// The number of elements `lmad` describes (product of its sizes).
symbolic::Expr lmadCount(const symbolic::Lmad& lmad);

} // namespace fjord::imp::detail
