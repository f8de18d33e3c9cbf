// Range facts about symbolic variables and a prover for inequalities between expressions.
//
// The prover answers `a <= b`, `a < b` and `a == b` with True, False or Unknown, in two steps
// (see Note [Proving inequalities] in Prover.cpp):
//  1. a fast syntactic method: normalise `b - a`, bound it by interval arithmetic over the
//     sum of products using the variables' ranges, and eliminate variables one at a time by
//     substituting their symbolic bounds (`i < n` turns `n - 1 - i >= 0` into `0 >= 0`);
//  2. only when that says Unknown, Z3 over the integers with a resource limit.
// Facts and conclusions are about mathematical integers (Note [Wrapping constants]).
#pragma once

#include "symbolic/Expr.h"

#include <map>
#include <memory>
#include <optional>
#include <string>
#include <vector>

namespace fjord::symbolic {

/// A three-valued answer: proved, disproved (the negation is proved), or undecided.
enum class Truth { True, False, Unknown };

/// Assumptions about variables, e.g. `n >= 0` or `i < n`. Every fact is kept as a constraint
/// `e >= 0` (all of them go to Z3); facts that bound one variable linearly are also indexed
/// as that variable's lower or upper bounds for the syntactic method.
class Facts {
public:
  /// Assumes `e >= 0`.
  void assumeNonNegative(const Expr& e);
  /// Assumes `a <= b`.
  void assumeLessEqual(const Expr& a, const Expr& b) { assumeNonNegative(b - a); }
  /// Assumes `a < b`.
  void assumeLess(const Expr& a, const Expr& b) { assumeNonNegative(b - a - 1); }
  /// Assumes `a == b`.
  void assumeEqual(const Expr& a, const Expr& b);
  /// Assumes `var >= bound`.
  void addLowerBound(const std::string& var, const Expr& bound);
  /// Assumes `var <= bound`.
  void addUpperBound(const std::string& var, const Expr& bound);
  /// Assumes `lo <= var < hiExclusive`, the range of an index.
  void addRange(const std::string& var, const Expr& lo, const Expr& hiExclusive);

  /// Every assumption, as expressions known to be non-negative, in the order added.
  const std::vector<Expr>& constraints() const { return constraints_; }
  /// The known lower bounds of `var` (inclusive), in the order added.
  const std::vector<Expr>& lowerBounds(const std::string& var) const;
  /// The known upper bounds of `var` (inclusive), in the order added.
  const std::vector<Expr>& upperBounds(const std::string& var) const;

private:
  std::vector<Expr> constraints_;
  std::map<std::string, std::vector<Expr>> lower_, upper_;
};

/// Tuning of a Prover.
struct ProverOptions {
  bool useZ3 = true; ///< fall back to Z3 when the syntactic method says Unknown
  /// Z3's deterministic resource limit per query ("rlimit"); about 50-150 ms of work.
  /// Deterministic, so generated code does not depend on the machine's speed.
  unsigned z3ResourceLimit = 100000;
  /// Wall-clock limit per Z3 query in ms; 0 = none. Off by default: Z3 4.8.12's timer can
  /// deadlock (Z3Prover/z3#5990), and a time limit makes results machine-dependent.
  unsigned z3TimeoutMs = 0;
  unsigned eliminationDepth = 4; ///< how many atoms the syntactic method may eliminate
};

class Z3Solver;

/// Decides inequalities under a fixed set of facts. Not thread-safe (it caches answers and
/// owns a Z3 context); cheap to construct, the Z3 context is created on first use. Reuse one
/// prover for many questions under the same facts: repeated questions are answered from
/// the cache.
class Prover {
public:
  explicit Prover(Facts facts = {}, ProverOptions options = {});
  ~Prover();
  Prover(Prover&&) noexcept;
  Prover& operator=(Prover&&) noexcept;

  /// Decides `e >= 0`.
  Truth nonNegative(const Expr& e);
  /// Decides `a <= b`.
  Truth lessEqual(const Expr& a, const Expr& b) { return nonNegative(b - a); }
  /// Decides `a < b`.
  Truth less(const Expr& a, const Expr& b) { return nonNegative(b - a - 1); }
  /// Decides `a == b`.
  Truth equal(const Expr& a, const Expr& b);
  /// Shorthand for `nonNegative(e) == Truth::True`.
  bool provesNonNegative(const Expr& e) { return nonNegative(e) == Truth::True; }
  /// Shorthand for `lessEqual(a, b) == Truth::True`.
  bool provesLessEqual(const Expr& a, const Expr& b) { return lessEqual(a, b) == Truth::True; }
  /// Shorthand for `less(a, b) == Truth::True`.
  bool provesLess(const Expr& a, const Expr& b) { return less(a, b) == Truth::True; }
  /// Shorthand for `equal(a, b) == Truth::True`.
  bool provesEqual(const Expr& a, const Expr& b) { return equal(a, b) == Truth::True; }

  /// Constant bounds of `e` found by interval arithmetic over the facts (nullopt: unbounded).
  std::optional<int64_t> constLowerBound(const Expr& e);
  /// See constLowerBound.
  std::optional<int64_t> constUpperBound(const Expr& e);

  /// Print options that print `/` and `%` when this prover shows the dividend non-negative.
  /// They refer to this prover, which must outlive them.
  PrintOptions printOptions();

  const Facts& facts() const { return facts_; }
  const ProverOptions& options() const { return options_; }
  /// The Z3 solver of this prover (created on first use), for queries beyond inequalities.
  Z3Solver& z3();

private:
  struct Interval;
  Truth decideNonNegative(const Expr& e);
  bool syntacticNonNegative(const Expr& e, unsigned depth);
  Interval intervalOf(const Expr& e);
  Interval intervalOfAtom(const Atom& atom);
  Interval varInterval(const std::string& var);

  Facts facts_;
  ProverOptions options_;
  std::map<std::string, std::pair<std::optional<int64_t>, std::optional<int64_t>>> varCache_;
  std::vector<std::string> varsInProgress_;
  std::map<Expr, Truth> answers_; ///< nonNegative's answers so far
  unsigned budget_ = 0;
  std::unique_ptr<Z3Solver> z3_;
};

} // namespace fjord::symbolic
