// Symbolic integer expressions: the algebra under array sizes, strides, offsets and bounds.
//
// An `Expr` is an immutable, cheaply copied value kept in a canonical normal form: a sum of
// products ("terms") with int64 coefficients plus a constant. The factors of a product are
// *atoms*: variables, or operations the polynomial form cannot expand (floor division and
// floor modulo by a constant, n-ary min and max, whose operands are again normal forms).
// Two expressions are structurally equal exactly when their normal forms are identical, so
// `==` decides every identity of commutative-ring arithmetic (e.g. `(n + 1) * s == n * s + s`).
//
// Note [Floor division]
// `floorDiv(e, c)` rounds towards negative infinity and `mod(e, c)` is the matching floor
// modulo (`e == c * floorDiv(e, c) + mod(e, c)`, with `mod(e, c)` in `[0, c)` for `c > 0`).
// These are the semantics of Futhark's `//` and `%%` on i64. C's `/` and `%` truncate towards
// zero instead, so the printer emits `fjord_floordiv(a, c)` / `fjord_floormod(a, c)` (defined
// by the runtime headers) unless the dividend is known to be non-negative; then `/` and `%`
// agree with floor semantics and are printed. The divisor is always a non-zero constant and
// the normal form always has a positive divisor.
//
// Note [Wrapping constants]
// Constant folding wraps modulo 2^64, like i64 arithmetic in the generated code. The prover
// (Prover.h) reasons over mathematical integers; sizes and offsets are assumed not to overflow.
#pragma once

#include <cstdint>
#include <functional>
#include <map>
#include <memory>
#include <optional>
#include <set>
#include <string>
#include <vector>

namespace fjord::symbolic {

struct Poly;
class Expr;

/// How `Expr::str` may print floor division and modulo (see Note [Floor division]).
struct PrintOptions {
  /// Answers whether an expression is known to be non-negative. When it says yes for the
  /// dividend, `/` and `%` are printed instead of `fjord_floordiv` / `fjord_floormod`. When
  /// empty, only dividends that are non-negative constants count as non-negative.
  std::function<bool(const Expr&)> isNonNegative;
};

/// A symbolic int64 expression in normal form (see the file comment). Default: the constant 0.
class Expr {
public:
  /// The constant 0.
  Expr();
  /// The constant `value`; implicit so that `n + 1` reads naturally.
  Expr(int64_t value); // NOLINT(google-explicit-constructor)
  /// The variable called `name` (e.g. "n_3").
  static Expr var(std::string name);

  /// True if the expression is a constant; stores it in `*value` when `value` is non-null.
  bool isConst(int64_t* value = nullptr) const;
  /// True if the expression is exactly one variable; stores its name when `name` is non-null.
  bool isVar(std::string* name = nullptr) const;
  /// The normal form, for passes that inspect the structure (terms, atoms).
  const Poly& poly() const { return *node_; }

  /// The names of all variables, sorted.
  std::set<std::string> freeVars() const;
  /// Replaces variables by expressions (simultaneously) and renormalises.
  Expr substitute(const std::map<std::string, Expr>& bindings) const;
  /// The value under `env`, or nullopt when a variable has no value there. Wraps on overflow.
  std::optional<int64_t> eval(const std::map<std::string, int64_t>& env) const;
  /// Readable C-compatible infix text with minimal parentheses, e.g. `n * m + 3` or
  /// `(n + 1) * s`. Deterministic: a function of the normal form only.
  std::string str(const PrintOptions& options = {}) const;

  /// A total order on normal forms (deterministic, independent of memory addresses).
  /// Returns <0, 0 or >0.
  static int compare(const Expr& a, const Expr& b);
  friend bool operator==(const Expr& a, const Expr& b) { return compare(a, b) == 0; }
  friend bool operator!=(const Expr& a, const Expr& b) { return compare(a, b) != 0; }
  /// Orders by `compare`, so expressions can be keys of std::map and std::set.
  friend bool operator<(const Expr& a, const Expr& b) { return compare(a, b) < 0; }

  Expr operator-() const;
  friend Expr operator+(const Expr& a, const Expr& b);
  friend Expr operator-(const Expr& a, const Expr& b);
  friend Expr operator*(const Expr& a, const Expr& b);
  Expr& operator+=(const Expr& b) { return *this = *this + b; }
  Expr& operator-=(const Expr& b) { return *this = *this - b; }
  Expr& operator*=(const Expr& b) { return *this = *this * b; }

  /// Wraps an already normalised polynomial (used by the normaliser; callers should build
  /// expressions with the operators instead).
  explicit Expr(std::shared_ptr<const Poly> node) : node_(std::move(node)) {}

private:
  std::shared_ptr<const Poly> node_;
};

/// Floor division by a non-zero constant (see Note [Floor division]).
Expr floorDiv(const Expr& e, int64_t divisor);
/// Floor modulo by a non-zero constant (see Note [Floor division]).
Expr mod(const Expr& e, int64_t divisor);
/// The smaller of two expressions.
Expr min(const Expr& a, const Expr& b);
/// The larger of two expressions.
Expr max(const Expr& a, const Expr& b);

/// What an atom is.
enum class AtomKind {
  Var,      ///< a named variable
  FloorDiv, ///< `floorDiv(args[0], divisor)`, divisor > 0
  FloorMod, ///< `mod(args[0], divisor)`, divisor > 0
  Min,      ///< `min(args...)`, at least two operands, sorted, none a constant but one
  Max,      ///< `max(args...)`, as Min
};

/// An indivisible factor of a term. Atoms are shared and never mutated.
struct Atom {
  AtomKind kind = AtomKind::Var;
  std::string name;       ///< Var: the variable's name
  std::vector<Expr> args; ///< FloorDiv/FloorMod: the dividend; Min/Max: the operands
  int64_t divisor = 0;    ///< FloorDiv/FloorMod only

  /// A total order on atoms: variables first (by name), then compound atoms.
  static int compare(const Atom& a, const Atom& b);
};

using AtomPtr = std::shared_ptr<const Atom>;

/// `coeff * factors[0] * factors[1] * ...`; factors sorted by Atom::compare, repeated for
/// powers; coeff is never zero.
struct Term {
  int64_t coeff = 1;
  std::vector<AtomPtr> factors;
};

/// The normal form: `terms[0] + terms[1] + ... + constant`. Terms have pairwise distinct
/// factor lists and are sorted by degree (highest first), then lexicographically by factors.
struct Poly {
  std::vector<Term> terms;
  int64_t constant = 0;
};

/// Orders factor lists the way Poly sorts its terms (higher degree first); <0, 0 or >0.
int compareMonomials(const std::vector<AtomPtr>& a, const std::vector<AtomPtr>& b);

/// The expression consisting of the single atom `atom` (coefficient 1).
Expr fromAtom(AtomPtr atom);

/// The expression `coeff * factors...` for a single term.
Expr fromTerm(const Term& term);

} // namespace fjord::symbolic
