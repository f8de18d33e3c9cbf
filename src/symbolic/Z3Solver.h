// The bridge from symbolic expressions to the Z3 SMT solver (integer arithmetic).
//
// Kept behind this small interface so that only Z3Solver.cpp includes <z3++.h>. Expressions
// translate directly: variables become integer constants, floor division and modulo by a
// positive constant become SMT-LIB `div`/`mod` (which floor for positive divisors), min and
// max become `ite`. Every query runs under a resource limit (and optionally a time limit);
// running out, or any Z3 error, is Unknown.
#pragma once

#include "symbolic/Expr.h"

#include <memory>
#include <vector>

namespace fjord::symbolic {

/// Outcome of a satisfiability query.
enum class SatResult { Sat, Unsat, Unknown };

/// One Z3 context with per-query limits. Not thread-safe.
class Z3Solver {
public:
  /// `resourceLimit`: Z3's deterministic "rlimit" per query (0: none); `timeoutMs`: a
  /// wall-clock limit per query (0: none).
  Z3Solver(unsigned resourceLimit, unsigned timeoutMs);
  ~Z3Solver();

  /// Is there an integer assignment with every `nonNegative[i] >= 0` and every `zero[i] == 0`?
  SatResult check(const std::vector<Expr>& nonNegative, const std::vector<Expr>& zero = {});

private:
  struct Impl;
  std::unique_ptr<Impl> impl_;
};

} // namespace fjord::symbolic
