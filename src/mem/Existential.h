// Existential offsets and strides (issue #5; FUNMEM §4.5; the blog, paper 001): when the
// branches of an `if` return views of one block with different LMADs (`if c then A else
// transpose A`), the result keeps that block and only the LMAD components that differ become
// i64 values returned by the `if` just before the array; a loop whose array merge parameter
// is re-viewed every iteration (`loop xs for i < n do transpose xs`) carries its offset and
// strides as merge parameters. No copy either way. See Note [Existential LMADs] in
// Existential.cpp.
#pragma once
#include "ir/IR.h"
#include "symbolic/Lmad.h"

#include <functional>
#include <string>
#include <vector>

namespace fjord::mem {

/// Component `c` of an LMAD: 0 is the offset, `k + 1` the stride of dimension k.
symbolic::Expr lmadComponent(const symbolic::Lmad& lmad, size_t c);
/// The LMAD with component `c` replaced by `value`.
symbolic::Lmad withComponent(symbolic::Lmad lmad, size_t c, const symbolic::Expr& value);
/// "off", "stride0", ...: the name hint of component `c`.
std::string componentHint(size_t c);

/// The LMAD of an `if` result whose branches' arrays have the LMADs `branches` (same
/// rank): dimension sizes are `shape`; a component is kept (the first branch's value) when
/// every branch's value is provably equal to it and `visible` says its variables are in
/// scope outside the branches; otherwise it is existential: `var(c)`, and `existential`
/// lists it. The offset comes first, then the strides in order.
struct GeneralLmad {
  symbolic::Lmad lmad;
  std::vector<size_t> existential;
};
GeneralLmad generaliseLmads(const std::vector<symbolic::Lmad>& branches,
                            const std::vector<symbolic::Expr>& shape, symbolic::Prover& prover,
                            const std::function<bool(const symbolic::Expr&)>& visible,
                            const std::function<symbolic::Expr(size_t)>& var);

/// Statements computing the i64 value of `e` (variables are named by VName::str() and
/// resolved by `lookup`), appended to `out`; returns the operand holding it. New names come
/// from `names` with `hint`.
ir::SubExp emitExpr(const symbolic::Expr& e, const std::function<ir::VName(const std::string&)>& lookup,
                    ir::NameSource& names, const std::string& hint, const ir::Provenance& prov,
                    std::vector<ir::Stm>& out);

/// Whether loop body `body` returns, as result `k`, a view (slice or rearrangement, through
/// aliases and in-place updates) of merge parameter `param` whose layout may differ from
/// the parameter's: such a loop keeps the block and makes the LMAD existential.
bool reviewsMergeParam(const ir::Body& body, size_t k, const ir::VName& param);

} // namespace fjord::mem
