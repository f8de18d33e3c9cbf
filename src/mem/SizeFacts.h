// Private to mem/: what memory introduction knows about sizes when it asks the symbolic
// Prover whether a view needs no copy (e.g. `reshape [n] ys` of a `[m]` array after
// `assert (n == m)`): array sizes are non-negative, and an executed assertion `x == y` on
// i64 values makes them equal for the statements after it in the same body (and in the
// bodies nested there).
#pragma once
#include "ir/IR.h"
#include "mem/Layout.h"
#include "symbolic/Prover.h"

#include <map>
#include <utility>

namespace fjord::mem {

class SizeFacts {
public:
  /// Notes a statement of the current body: an i64 equality test, or an assertion of one.
  void record(const ir::Stm& stm, const SizeDefs& defs);
  /// Assumes the sizes of `type` non-negative.
  void sizesOf(const ir::Type& type, const SizeDefs& defs);
  /// The facts known at this point.
  const symbolic::Facts& facts() const { return facts_; }

  /// Facts are scoped by body: `save` before a nested body, `restore` after it.
  symbolic::Facts save() const { return facts_; }
  void restore(symbolic::Facts saved) { facts_ = std::move(saved); }

private:
  symbolic::Facts facts_;
  /// Boolean variables bound to `a == b` on i64 operands, as symbolic expressions.
  std::map<ir::VName, std::pair<symbolic::Expr, symbolic::Expr>> equalities_;
};

} // namespace fjord::mem
