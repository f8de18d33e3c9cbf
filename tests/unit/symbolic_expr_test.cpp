// Unit tests of symbolic expressions: normal form, simplification rules, printing,
// substitution, evaluation, and a randomised comparison against direct evaluation.
#include "symbolic/Expr.h"

#include <doctest/doctest.h>

#include <functional>
#include <random>

using namespace fjord::symbolic;

namespace {

const Expr n = Expr::var("n"), m = Expr::var("m"), s = Expr::var("s"), i = Expr::var("i");

/// Prints with every dividend treated as non-negative.
PrintOptions allNonNegative() {
  return PrintOptions{[](const Expr&) { return true; }};
}

int64_t refFloorDiv(int64_t a, int64_t d) {
  int64_t q = a / d;
  return (a % d != 0 && ((a < 0) != (d < 0))) ? q - 1 : q;
}

int64_t refFloorMod(int64_t a, int64_t d) { return a - d * refFloorDiv(a, d); }

} // namespace

TEST_CASE("symbolic: normal form decides ring identities") {
  CHECK((n + 1) * s == n * s + s);
  CHECK((n + m) * (n - m) == n * n - m * m);
  CHECK(n - n == Expr(0));
  CHECK(n * 0 == Expr(0));
  CHECK(2 * n + 3 * n == 5 * n);
  CHECK(n + m == m + n);
  CHECK(n * m != n + m);
  int64_t k = 0;
  CHECK((n + 4 - n).isConst(&k));
  CHECK(k == 4);
  CHECK_FALSE(n.isConst());
  std::string name;
  CHECK(n.isVar(&name));
  CHECK(name == "n");
  CHECK_FALSE((n + 1).isVar());
  CHECK_FALSE((2 * n).isVar());
}

TEST_CASE("symbolic: printing is readable C with minimal parentheses") {
  CHECK(Expr(0).str() == "0");
  CHECK(Expr(-7).str() == "-7");
  CHECK((n * m + 3).str() == "m * n + 3");
  CHECK(((n + 1) * s).str() == "(n + 1) * s");
  CHECK((m - n).str() == "m - n");
  CHECK((n - m).str() == "n - m");
  CHECK((-n - 1).str() == "-n - 1");
  CHECK((2 * n - 3).str() == "2 * n - 3");
  CHECK((-2 * n).str() == "-2 * n");
  CHECK((i * m * s + n * s).str() == "(i * m + n) * s");
  CHECK((n * n).str() == "n * n");
  CHECK(Expr(std::numeric_limits<int64_t>::min()).str() == "(-9223372036854775807 - 1)");
  // Deterministic regardless of construction order.
  CHECK((s + n + m).str() == (m + s + n).str());
}

TEST_CASE("symbolic: floor division and modulo print as helpers unless non-negative") {
  CHECK(floorDiv(n, 2).str() == "fjord_floordiv(n, 2)");
  CHECK(mod(n + 1, 4).str() == "fjord_floormod(n + 1, 4)");
  CHECK(floorDiv(n + 1, 2).str(allNonNegative()) == "(n + 1) / 2");
  CHECK(mod(n, 4).str(allNonNegative()) == "n % 4");
  CHECK((floorDiv(n, 2) * m).str(allNonNegative()) == "m * (n / 2)");
  CHECK((3 * floorDiv(n, 2)).str(allNonNegative()) == "3 * (n / 2)");
  CHECK((m - floorDiv(n, 2)).str(allNonNegative()) == "m - n / 2");
  CHECK(min(n, m).str() == "fjord_min(m, n)");
  CHECK(max(max(n, m), s).str() == "fjord_max(m, fjord_max(n, s))");
}

TEST_CASE("symbolic: floor division rules") {
  CHECK(floorDiv(Expr(7), 2) == Expr(3));
  CHECK(floorDiv(Expr(-7), 2) == Expr(-4));
  CHECK(floorDiv(Expr(7), -2) == Expr(-4));
  CHECK(floorDiv(n, 1) == n);
  CHECK(floorDiv(4 * n + 8, 4) == n + 2);
  CHECK(floorDiv(2 * n + 1, 2) == n);
  CHECK(floorDiv(4 * n + m, 4) == n + floorDiv(m, 4));
  CHECK(floorDiv(floorDiv(n, 2), 3) == floorDiv(n, 6));
  CHECK(floorDiv(n, -2) == floorDiv(-n, 2));
}

TEST_CASE("symbolic: modulo rules") {
  CHECK(mod(Expr(-7), 3) == Expr(2));
  CHECK(mod(Expr(7), -3) == Expr(-2));
  CHECK(mod(n, 1) == Expr(0));
  CHECK(mod(4 * n + 1, 4) == Expr(1));
  CHECK(mod(4 * n + m, 4) == mod(m, 4));
  CHECK(mod(mod(n, 8), 4) == mod(n, 4));
  CHECK(mod(mod(n, 4), 4) == mod(n, 4));
  CHECK(mod(-n, 2) == mod(n, 2));
}

TEST_CASE("symbolic: min and max rules") {
  CHECK(min(Expr(3), Expr(5)) == Expr(3));
  CHECK(max(Expr(3), Expr(5)) == Expr(5));
  CHECK(min(n, n) == n);
  CHECK(min(n, n + 1) == n);
  CHECK(max(n, n + 1) == n + 1);
  CHECK(min(min(n, m), n - 2) == min(m, n - 2));
  CHECK(min(n, m) == min(m, n));
  CHECK(max(max(n, 1), 4) == max(n, 4));
}

TEST_CASE("symbolic: free variables, substitution and evaluation") {
  Expr e = n * m + floorDiv(s, 2) - min(i, 3);
  CHECK(e.freeVars() == std::set<std::string>{"i", "m", "n", "s"});
  CHECK(e.substitute({{"n", Expr(2)}, {"s", 2 * i}}) == 2 * m + i - min(i, 3));
  CHECK((n + m).substitute({{"n", m}, {"m", n}}) == n + m); // simultaneous
  CHECK(e.eval({{"n", 3}, {"m", 4}, {"s", -3}, {"i", 5}}) == 12 - 2 - 3);
  CHECK_FALSE(e.eval({{"n", 3}}).has_value());
  CHECK(mod(n, 4).eval({{"n", -3}}) == 1);
}

namespace {

/// A random expression together with a direct evaluator that follows its construction.
struct RandomExpr {
  Expr expr;
  std::function<int64_t(const std::map<std::string, int64_t>&)> eval;
};

RandomExpr randomExpr(std::mt19937& rng, int depth) {
  static const char* names[] = {"a", "b", "c"};
  auto pick = [&](int lo, int hi) { return std::uniform_int_distribution<int>(lo, hi)(rng); };
  if (depth == 0 || pick(0, 3) == 0) {
    if (pick(0, 1) == 0) {
      int64_t k = pick(-5, 5);
      return {Expr(k), [k](const auto&) { return k; }};
    }
    std::string v = names[pick(0, 2)];
    return {Expr::var(v), [v](const auto& env) { return env.at(v); }};
  }
  RandomExpr x = randomExpr(rng, depth - 1), y = randomExpr(rng, depth - 1);
  int64_t c = pick(1, 4) * (pick(0, 3) == 0 ? -1 : 1);
  switch (pick(0, 7)) {
  case 0:
    return {x.expr + y.expr, [=](const auto& env) { return x.eval(env) + y.eval(env); }};
  case 1:
    return {x.expr - y.expr, [=](const auto& env) { return x.eval(env) - y.eval(env); }};
  case 2:
    return {x.expr * y.expr, [=](const auto& env) { return x.eval(env) * y.eval(env); }};
  case 3:
    return {-x.expr, [=](const auto& env) { return -x.eval(env); }};
  case 4:
    return {floorDiv(x.expr, c), [=](const auto& env) { return refFloorDiv(x.eval(env), c); }};
  case 5:
    return {mod(x.expr, c), [=](const auto& env) { return refFloorMod(x.eval(env), c); }};
  case 6:
    return {min(x.expr, y.expr),
            [=](const auto& env) { return std::min(x.eval(env), y.eval(env)); }};
  default:
    return {max(x.expr, y.expr),
            [=](const auto& env) { return std::max(x.eval(env), y.eval(env)); }};
  }
}

} // namespace

TEST_CASE("symbolic: randomised normal forms evaluate like the expressions they came from") {
  std::mt19937 rng(12345);
  for (int round = 0; round < 3000; ++round) {
    RandomExpr r = randomExpr(rng, 4);
    for (int trial = 0; trial < 5; ++trial) {
      std::map<std::string, int64_t> env;
      for (const char* v : {"a", "b", "c"})
        env[v] = std::uniform_int_distribution<int64_t>(-9, 9)(rng);
      INFO("expression: " << r.expr.str());
      REQUIRE(r.expr.eval(env) == r.eval(env));
      // Substituting constants must agree with evaluation.
      std::map<std::string, Expr> consts;
      for (const auto& [k, v] : env)
        consts.emplace(k, Expr(v));
      int64_t folded = 0;
      REQUIRE(r.expr.substitute(consts).isConst(&folded));
      REQUIRE(folded == r.eval(env));
    }
    // Printing is a function of the normal form.
    REQUIRE(r.expr.str() == (r.expr + 0).str());
  }
}
