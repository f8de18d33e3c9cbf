// Reading back printed symbolic expressions and LMADs (symbolic/ParseExpr.h): every printed
// form parses to the same normal form, and errors carry the offset of the problem.
#include "symbolic/ParseExpr.h"

#include <doctest/doctest.h>

#include <limits>

using namespace fjord::symbolic;

namespace {

Expr parsed(const std::string& text) {
  ExprParseError err;
  auto e = parseExpr(text, &err);
  REQUIRE_MESSAGE(e.has_value(), err.message << " at " << err.offset);
  return *e;
}

} // namespace

TEST_CASE("symbolic: printed expressions parse back to the same normal form") {
  Expr n = Expr::var("n_1"), m = Expr::var("m_2"), s = Expr::var("s'_3");
  std::vector<Expr> exprs = {
      Expr(0), Expr(-7), Expr(std::numeric_limits<int64_t>::min()), n, -n, n * m + 3,
      (n + 1) * s, m - n, 2 * n * n - 1, floorDiv(n, 4), mod(n - m, 3), min(n, m),
      max(n, min(m, s)), min(n, min(m, s + 1)), floorDiv(n * m, 2) * s - mod(s, 5),
      -(n * m) + floorDiv(-n, 3)};
  for (const Expr& e : exprs) {
    INFO(e.str());
    CHECK(parsed(e.str()) == e);
  }
}

TEST_CASE("symbolic: `/` and `%` by constants read as floor division and modulo") {
  Expr n = Expr::var("n");
  CHECK(parsed("(n + 1) / 2") == floorDiv(n + 1, 2));
  CHECK(parsed("n % 8 * 2") == 2 * mod(n, 8));
  CHECK(parsed("fjord_floordiv(n, 2)") == floorDiv(n, 2));
  CHECK(parsed("-n * 3 - (4)") == -3 * n - 4);
}

TEST_CASE("symbolic: the compiler's own `%iter.x` names read as variables, `%` between terms as modulo") {
  Expr it = Expr::var("%iter.x_7"), n = Expr::var("n");
  CHECK(parsed("2 * n + %iter.x_7") == 2 * n + it);
  CHECK(parsed("%iter.x_7 * n % 4") == mod(it * n, 4));
  CHECK(parsed("(n + %iter.x_7) % 3") == mod(n + it, 3));
}

TEST_CASE("symbolic: LMADs parse back, alone or ahead of other text") {
  Expr n = Expr::var("n_1"), m = Expr::var("m_2");
  Lmad l{n * m - 1, {{n, -m}, {min(m, 4), 1}}};
  auto back = parseLmad(l.str());
  REQUIRE(back.has_value());
  CHECK(*back == l);
  CHECK(parseLmad("0 + {}") == Lmad{0, {}});
  size_t used = 0;
  auto prefix = parseLmadPrefix("  n_1 + {(n_1 : 1)}} = copy", &used);
  REQUIRE(prefix.has_value());
  CHECK(prefix->offset == n);
  CHECK(used == 19);
}

TEST_CASE("symbolic: malformed expressions report what and where") {
  ExprParseError err;
  CHECK_FALSE(parseExpr("n + ", &err));
  CHECK(err.message == "expected an expression, found the end of the text");
  CHECK(err.offset == 4);
  CHECK_FALSE(parseExpr("n / m", &err));
  CHECK(err.message == "the divisor must be a non-zero constant");
  CHECK(err.offset == 4);
  CHECK_FALSE(parseExpr("fjord_gcd(n, 2)", &err));
  CHECK(err.message == "unknown function `fjord_gcd`");
  CHECK_FALSE(parseExpr("n m", &err));
  CHECK(err.message == "unexpected `m` after the expression");
  CHECK_FALSE(parseLmad("0 + {(n : 1)", &err));
  CHECK(err.message == "expected `}`, found the end of the text");
  CHECK_FALSE(parseExpr("99999999999999999999", &err));
  CHECK(err.message == "integer literal out of range");
}
