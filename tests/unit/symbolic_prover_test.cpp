// Unit tests of Facts and Prover: the syntactic method alone, the Z3 fallback, and a
// randomised soundness check against brute-force enumeration of all assignments.
#include "symbolic/Prover.h"

#include <doctest/doctest.h>

#include <random>

using namespace fjord::symbolic;

namespace {

const Expr n = Expr::var("n"), m = Expr::var("m"), i = Expr::var("i"), j = Expr::var("j"),
           b = Expr::var("b");

ProverOptions syntacticOnly() {
  ProverOptions o;
  o.useZ3 = false;
  return o;
}

} // namespace

TEST_CASE("symbolic: facts index linear bounds of single variables") {
  Facts f;
  f.addRange("i", 0, n);
  f.assumeNonNegative(2 * j - n); // j >= ceil(n / 2)
  REQUIRE(f.lowerBounds("i").size() == 1);
  CHECK(f.lowerBounds("i")[0] == Expr(0));
  REQUIRE(f.upperBounds("i").size() == 1);
  CHECK(f.upperBounds("i")[0] == n - 1);
  REQUIRE(f.lowerBounds("j").size() == 1);
  CHECK(f.lowerBounds("j")[0] == -floorDiv(-n, 2));
  CHECK(f.lowerBounds("n") == std::vector<Expr>{i + 1}); // from i <= n - 1
  CHECK(f.upperBounds("n") == std::vector<Expr>{2 * j});
  CHECK(f.constraints().size() == 3);
}

TEST_CASE("symbolic: syntactic proofs with variable ranges") {
  Facts f;
  f.addLowerBound("n", 1);
  f.addLowerBound("m", 0);
  f.addRange("i", 0, n);
  f.addRange("j", 0, m);
  Prover p(f, syntacticOnly());
  CHECK(p.nonNegative(n * m) == Truth::True);
  CHECK(p.less(i, n) == Truth::True);
  CHECK(p.lessEqual(i + 1, n) == Truth::True);
  CHECK(p.less(n, i) == Truth::False);
  CHECK(p.less(i * m + j, n * m) == Truth::True); // a row-major index is in bounds
  CHECK(p.lessEqual(0, i * m + j) == Truth::True);
  CHECK(p.less(j, n) == Truth::Unknown);
  CHECK(p.equal(n + i, i + n) == Truth::True);
  CHECK(p.equal(n, n + 1) == Truth::False);
  CHECK(p.equal(i, n) == Truth::False); // i < n
  CHECK(p.nonNegative(mod(i, 4)) == Truth::True);
  CHECK(p.lessEqual(mod(i, 4), 3) == Truth::True);
  CHECK(p.lessEqual(min(i, 7), n) == Truth::True);
  CHECK(p.lessEqual(i, max(n, m)) == Truth::True);
  CHECK(p.constLowerBound(n + 2) == 3);
  CHECK_FALSE(p.constUpperBound(n).has_value());
  CHECK(p.constUpperBound(mod(i, 4) - 1) == 2);
}

TEST_CASE("symbolic: clamped indices are in bounds (max below all, min above all)") {
  // A stencil's neighbours i - 1 and i + 1 clamped to [0, n): only the range of i is known.
  Facts f;
  f.addRange("i", 0, n);
  Prover p(f, syntacticOnly());
  CHECK(p.less(max(0, i - 1), n) == Truth::True);
  CHECK(p.lessEqual(0, max(0, i - 1)) == Truth::True);
  CHECK(p.less(min(n - 1, i + 1), n) == Truth::True);
  CHECK(p.lessEqual(0, min(n - 1, i + 1)) == Truth::True);
  // Every argument must satisfy the bound: i + 1 can reach n, so neither max(0, i + 1) < n
  // nor min(n, i + 1) <= i is shown.
  CHECK(p.less(max(0, i + 1), n) != Truth::True);
  CHECK(p.lessEqual(min(n, i + 1), i) != Truth::True);
  CHECK(p.lessEqual(0, min(i, i - 1)) != Truth::True);
}

TEST_CASE("symbolic: the Z3 fallback decides what the syntactic method cannot") {
  Facts f;
  f.addLowerBound("b", 2);
  f.addLowerBound("q", 2);
  f.assumeEqual(n, Expr::var("q") * b + 1);
  // The NW example needs `n * b - b > b * n - n`, i.e. n > b, which follows from n = q*b + 1.
  CHECK(Prover(f).less(b, n) == Truth::True);
  // Needs reasoning about equalities across variables: x == y and y == z give x == z.
  Facts g;
  g.assumeEqual(Expr::var("x"), Expr::var("y"));
  g.assumeEqual(Expr::var("y") + 1, Expr::var("z"));
  Prover withZ3(g);
  CHECK(withZ3.equal(Expr::var("x") + 1, Expr::var("z")) == Truth::True);
  CHECK(withZ3.less(Expr::var("z"), Expr::var("x")) == Truth::False);
  // Floor division: 2 * (n / 2) <= n.
  CHECK(Prover().lessEqual(2 * floorDiv(n, 2), n) == Truth::True);
  CHECK(Prover({}, syntacticOnly()).lessEqual(2 * floorDiv(n, 2), n) == Truth::Unknown);
}

TEST_CASE("symbolic: print options use the prover to choose / and %") {
  Facts f;
  f.addLowerBound("n", 0);
  Prover p(f);
  CHECK(floorDiv(n + 1, 2).str(p.printOptions()) == "(n + 1) / 2");
  CHECK(floorDiv(n - 1, 2).str(p.printOptions()) == "fjord_floordiv(n - 1, 2)");
}

namespace {

/// Evaluates every assignment of a, b, c in [lo, hi] that satisfies the facts' constraints.
template <typename F>
void forEachModel(const Facts& facts, int64_t lo, int64_t hi, F&& visit) {
  for (int64_t a = lo; a <= hi; ++a)
    for (int64_t bb = lo; bb <= hi; ++bb)
      for (int64_t c = lo; c <= hi; ++c) {
        std::map<std::string, int64_t> env = {{"a", a}, {"b", bb}, {"c", c}};
        bool ok = true;
        for (const Expr& e : facts.constraints())
          ok = ok && *e.eval(env) >= 0;
        if (ok)
          visit(env);
      }
}

Expr randomPoly(std::mt19937& rng) {
  auto pick = [&](int lo, int hi) { return std::uniform_int_distribution<int>(lo, hi)(rng); };
  const Expr vars[] = {Expr::var("a"), Expr::var("b"), Expr::var("c")};
  Expr e = pick(-6, 6);
  for (int t = pick(1, 3); t > 0; --t) {
    Expr term = pick(-3, 3);
    for (int f = pick(1, 2); f > 0; --f)
      term *= vars[pick(0, 2)];
    e += term;
  }
  if (pick(0, 4) == 0)
    e += mod(vars[pick(0, 2)], pick(2, 4));
  if (pick(0, 4) == 0)
    e += min(vars[pick(0, 2)], pick(-2, 2));
  return e;
}

} // namespace

TEST_CASE("symbolic: randomised prover verdicts are sound against enumeration") {
  // Every variable lies in [-3, 4] (facts), plus random relations between variables; each
  // verdict is checked against all assignments. Unknown is acceptable, a wrong verdict not.
  std::mt19937 rng(777);
  const Expr vars[] = {Expr::var("a"), Expr::var("b"), Expr::var("c")};
  int decided = 0;
  for (int round = 0; round < 300; ++round) {
    Facts facts;
    for (const char* v : {"a", "b", "c"})
      facts.addRange(v, std::uniform_int_distribution<int>(-3, 0)(rng),
                     std::uniform_int_distribution<int>(1, 5)(rng));
    if (round % 2)
      facts.assumeLess(vars[0], vars[1]);
    if (round % 3 == 0)
      facts.assumeLessEqual(vars[1] + vars[2], 3);
    ProverOptions options;
    options.useZ3 = round % 4 == 0; // mostly the syntactic method, sometimes with Z3
    Prover prover(facts, options);
    Expr e = randomPoly(rng);
    Truth verdict = prover.nonNegative(e);
    if (verdict == Truth::Unknown)
      continue;
    ++decided;
    forEachModel(facts, -4, 6, [&](const std::map<std::string, int64_t>& env) {
      int64_t v = *e.eval(env);
      INFO("e = " << e.str() << ", value " << v);
      REQUIRE((verdict == Truth::True ? v >= 0 : v < 0));
    });
  }
  CHECK(decided > 100);
}
