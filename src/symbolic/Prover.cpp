// Facts about variables and the two-step inequality prover (syntactic, then Z3).
//
// Note [Proving inequalities]
// To prove `e >= 0` the syntactic method first bounds `e` by interval arithmetic: every atom
// gets a constant interval (a variable from the constant parts of its bounds, recursively;
// `mod(x, c)` is in [0, c-1]; min/max/floorDiv from their operands), and the sum of products
// is evaluated over intervals, widening to infinity instead of overflowing. If that does not
// decide it, it eliminates one atom `a`: write `e = a * P + R` (P collects the terms that
// contain `a`, with one `a` removed). If `P >= 0` is provable then `e >= L * P + R` for every
// lower bound `L` of `a` (pointwise, whatever else P and R contain), so proving `L * P + R >= 0`
// suffices; symmetrically with an upper bound when `P <= 0`. Symbolic bounds of atoms are the
// facts for variables, the operands of min (upper) and max (lower), and [0, c-1] for `mod`.
// Elimination nests up to `eliminationDepth` times within a fixed work budget, so the method
// is fast and incomplete; Z3 then gets the question with the facts and a resource limit.
#include "symbolic/Prover.h"

#include "symbolic/Z3Solver.h"

#include <algorithm>
#include <limits>

namespace fjord::symbolic {

// --- Facts ---

namespace {

const std::vector<Expr> noBounds;

/// The atoms that occur as factors at the top level of `e`, each once, in term order.
std::vector<AtomPtr> topLevelAtoms(const Expr& e) {
  std::vector<AtomPtr> out;
  for (const Term& t : e.poly().terms)
    for (const AtomPtr& a : t.factors)
      if (std::none_of(out.begin(), out.end(),
                       [&](const AtomPtr& b) { return Atom::compare(*a, *b) == 0; }))
        out.push_back(a);
  return out;
}

/// Splits `e = atom * P + R`, where P holds the terms containing `atom` with one copy of it
/// removed, and R the other terms and the constant.
std::pair<Expr, Expr> splitOnAtom(const Expr& e, const Atom& atom) {
  Expr p, r(e.poly().constant);
  for (const Term& t : e.poly().terms) {
    auto it = std::find_if(t.factors.begin(), t.factors.end(),
                           [&](const AtomPtr& f) { return Atom::compare(*f, atom) == 0; });
    if (it == t.factors.end()) {
      r += fromTerm(t);
      continue;
    }
    Term reduced = t;
    reduced.factors.erase(reduced.factors.begin() + (it - t.factors.begin()));
    p += fromTerm(reduced);
  }
  return {p, r};
}

} // namespace

void Facts::assumeNonNegative(const Expr& e) {
  constraints_.push_back(e);
  // Index `c * v + r >= 0` as a bound of v when v occurs only in that degree-1 term:
  // c > 0: v >= -floor(r / c)  (the ceiling of -r / c);  c < 0: v <= floor(r / -c).
  for (const Term& t : e.poly().terms) {
    if (t.factors.size() != 1 || t.factors[0]->kind != AtomKind::Var)
      continue;
    const std::string& v = t.factors[0]->name;
    Expr rest = e - fromTerm(t);
    if (rest.freeVars().count(v))
      continue;
    if (t.coeff > 0)
      lower_[v].push_back(-floorDiv(rest, t.coeff));
    else if (t.coeff != std::numeric_limits<int64_t>::min())
      upper_[v].push_back(floorDiv(rest, -t.coeff));
  }
}

void Facts::assumeEqual(const Expr& a, const Expr& b) {
  assumeLessEqual(a, b);
  assumeLessEqual(b, a);
}

void Facts::addLowerBound(const std::string& var, const Expr& bound) {
  assumeLessEqual(bound, Expr::var(var));
}

void Facts::addUpperBound(const std::string& var, const Expr& bound) {
  assumeLessEqual(Expr::var(var), bound);
}

void Facts::addRange(const std::string& var, const Expr& lo, const Expr& hiExclusive) {
  addLowerBound(var, lo);
  addUpperBound(var, hiExclusive - 1);
}

const std::vector<Expr>& Facts::lowerBounds(const std::string& var) const {
  auto it = lower_.find(var);
  return it == lower_.end() ? noBounds : it->second;
}

const std::vector<Expr>& Facts::upperBounds(const std::string& var) const {
  auto it = upper_.find(var);
  return it == upper_.end() ? noBounds : it->second;
}

// --- interval arithmetic ---

namespace {

__extension__ using Wide = __int128; // g++ and clang; __extension__ silences -Wpedantic
// Ends beyond the int64 range are infinite: widening there is always sound for bounds.
constexpr Wide kNegInf = -(Wide(1) << 100);
constexpr Wide kPosInf = Wide(1) << 100;

Wide clampEnd(Wide v) {
  if (v < std::numeric_limits<int64_t>::min())
    return kNegInf;
  if (v > std::numeric_limits<int64_t>::max())
    return kPosInf;
  return v;
}

bool isInfinite(Wide v) { return v == kNegInf || v == kPosInf; }

Wide mulEnds(Wide a, Wide b) {
  if (a == 0 || b == 0)
    return 0;
  if (isInfinite(a) || isInfinite(b))
    return (a < 0) == (b < 0) ? kPosInf : kNegInf;
  return clampEnd(a * b);
}

Wide addEnds(Wide a, Wide b) {
  if (isInfinite(a))
    return a;
  if (isInfinite(b))
    return b;
  return clampEnd(a + b);
}

Wide floorDivEnd(Wide a, int64_t d) {
  if (isInfinite(a))
    return a;
  Wide q = a / d;
  if (a % d != 0 && a < 0)
    --q;
  return q;
}

std::optional<int64_t> finite(Wide v) {
  if (isInfinite(v))
    return std::nullopt;
  return static_cast<int64_t>(v);
}

} // namespace

/// A closed interval of integers whose ends may be infinite (kNegInf / kPosInf).
struct Prover::Interval {
  Wide lo = kNegInf, hi = kPosInf;

  static Interval point(int64_t v) { return {v, v}; }
  Interval operator+(const Interval& o) const { return {addEnds(lo, o.lo), addEnds(hi, o.hi)}; }
  Interval operator*(const Interval& o) const {
    Wide c[] = {mulEnds(lo, o.lo), mulEnds(lo, o.hi), mulEnds(hi, o.lo), mulEnds(hi, o.hi)};
    return {*std::min_element(c, c + 4), *std::max_element(c, c + 4)};
  }
};

// --- Prover ---

namespace {
constexpr unsigned kSyntacticBudget = 400;
} // namespace

Prover::Prover(Facts facts, ProverOptions options)
    : facts_(std::move(facts)), options_(options) {}
Prover::~Prover() = default;
Prover::Prover(Prover&&) noexcept = default;
Prover& Prover::operator=(Prover&&) noexcept = default;

Z3Solver& Prover::z3() {
  if (!z3_)
    z3_ = std::make_unique<Z3Solver>(options_.z3ResourceLimit, options_.z3TimeoutMs);
  return *z3_;
}

Truth Prover::nonNegative(const Expr& e) {
  auto cached = answers_.find(e);
  if (cached != answers_.end())
    return cached->second;
  Truth answer = decideNonNegative(e);
  answers_.emplace(e, answer);
  return answer;
}

Truth Prover::decideNonNegative(const Expr& e) {
  budget_ = kSyntacticBudget;
  if (syntacticNonNegative(e, options_.eliminationDepth))
    return Truth::True;
  Expr negated = -e - 1; // e < 0
  budget_ = kSyntacticBudget;
  if (syntacticNonNegative(negated, options_.eliminationDepth))
    return Truth::False;
  if (!options_.useZ3)
    return Truth::Unknown;
  std::vector<Expr> query = facts_.constraints();
  query.push_back(negated);
  if (z3().check(query) == SatResult::Unsat)
    return Truth::True;
  query.back() = e;
  if (z3().check(query) == SatResult::Unsat)
    return Truth::False;
  return Truth::Unknown;
}

Truth Prover::equal(const Expr& a, const Expr& b) {
  Expr diff = a - b;
  int64_t k = 0;
  if (diff.isConst(&k))
    return k == 0 ? Truth::True : Truth::False;
  Truth above = nonNegative(diff);
  if (above == Truth::False)
    return Truth::False;
  Truth below = nonNegative(-diff);
  if (below == Truth::False)
    return Truth::False;
  if (above == Truth::True && below == Truth::True)
    return Truth::True;
  if (options_.useZ3 && z3().check(facts_.constraints(), {diff}) == SatResult::Unsat)
    return Truth::False;
  return Truth::Unknown;
}

std::optional<int64_t> Prover::constLowerBound(const Expr& e) { return finite(intervalOf(e).lo); }
std::optional<int64_t> Prover::constUpperBound(const Expr& e) { return finite(intervalOf(e).hi); }

PrintOptions Prover::printOptions() {
  return PrintOptions{[this](const Expr& e) { return provesNonNegative(e); }};
}

bool Prover::syntacticNonNegative(const Expr& e, unsigned depth) {
  if (budget_ == 0)
    return false;
  --budget_;
  int64_t k = 0;
  if (e.isConst(&k))
    return k >= 0;
  Interval range = intervalOf(e);
  if (range.lo >= 0)
    return true;
  if (range.hi < 0 || depth == 0)
    return false;
  for (const AtomPtr& atom : topLevelAtoms(e)) {
    auto [p, r] = splitOnAtom(e, *atom);
    std::vector<Expr> lowers, uppers;
    switch (atom->kind) {
    case AtomKind::Var:
      lowers = facts_.lowerBounds(atom->name);
      uppers = facts_.upperBounds(atom->name);
      break;
    case AtomKind::FloorMod:
      lowers = {Expr(0)};
      uppers = {Expr(atom->divisor - 1)};
      break;
    case AtomKind::Min:
      uppers = atom->args;
      break;
    case AtomKind::Max:
      lowers = atom->args;
      break;
    case AtomKind::FloorDiv:
      break;
    }
    if (!lowers.empty() && syntacticNonNegative(p, depth - 1))
      for (const Expr& bound : lowers)
        if (syntacticNonNegative(bound * p + r, depth - 1))
          return true;
    if (!uppers.empty() && syntacticNonNegative(-p, depth - 1))
      for (const Expr& bound : uppers)
        if (syntacticNonNegative(bound * p + r, depth - 1))
          return true;
    // max(args) is at most, and min(args) at least, what all of its arguments are: e holds
    // when it holds with every argument in the atom's place (the clamped index
    // max(0, i - 1) < n, say).
    bool isMax = atom->kind == AtomKind::Max, isMin = atom->kind == AtomKind::Min;
    if ((isMax && syntacticNonNegative(-p, depth - 1)) ||
        (isMin && syntacticNonNegative(p, depth - 1))) {
      bool all = true;
      for (const Expr& arg : atom->args)
        all = all && syntacticNonNegative(arg * p + r, depth - 1);
      if (all)
        return true;
    }
  }
  return false;
}

Prover::Interval Prover::intervalOf(const Expr& e) {
  const Poly& p = e.poly();
  Interval sum = Interval::point(p.constant);
  for (const Term& t : p.terms) {
    Interval product = Interval::point(t.coeff);
    for (const AtomPtr& a : t.factors)
      product = product * intervalOfAtom(*a);
    sum = sum + product;
  }
  return sum;
}

Prover::Interval Prover::intervalOfAtom(const Atom& atom) {
  switch (atom.kind) {
  case AtomKind::Var:
    return varInterval(atom.name);
  case AtomKind::FloorDiv: {
    Interval x = intervalOf(atom.args[0]);
    return {floorDivEnd(x.lo, atom.divisor), floorDivEnd(x.hi, atom.divisor)};
  }
  case AtomKind::FloorMod: {
    Interval x = intervalOf(atom.args[0]);
    if (x.lo >= 0 && x.hi < atom.divisor)
      return x;
    return {0, atom.divisor - 1};
  }
  case AtomKind::Min:
  case AtomKind::Max: {
    bool isMin = atom.kind == AtomKind::Min;
    Interval acc = intervalOf(atom.args[0]);
    for (size_t i = 1; i < atom.args.size(); ++i) {
      Interval x = intervalOf(atom.args[i]);
      acc.lo = isMin ? std::min(acc.lo, x.lo) : std::max(acc.lo, x.lo);
      acc.hi = isMin ? std::min(acc.hi, x.hi) : std::max(acc.hi, x.hi);
    }
    return acc;
  }
  }
  return {};
}

Prover::Interval Prover::varInterval(const std::string& var) {
  auto cached = varCache_.find(var);
  if (cached != varCache_.end()) {
    const auto& [lo, hi] = cached->second;
    return {lo ? Wide(*lo) : kNegInf, hi ? Wide(*hi) : kPosInf};
  }
  if (std::find(varsInProgress_.begin(), varsInProgress_.end(), var) != varsInProgress_.end())
    return {}; // a cycle among the bounds: no information from this path
  bool topLevel = varsInProgress_.empty();
  varsInProgress_.push_back(var);
  Interval range;
  for (const Expr& b : facts_.lowerBounds(var))
    range.lo = std::max(range.lo, intervalOf(b).lo);
  for (const Expr& b : facts_.upperBounds(var))
    range.hi = std::min(range.hi, intervalOf(b).hi);
  varsInProgress_.pop_back();
  // Results computed inside a cycle may have been cut short; cache only complete ones.
  if (topLevel)
    varCache_[var] = {finite(range.lo), finite(range.hi)};
  return range;
}

} // namespace fjord::symbolic
