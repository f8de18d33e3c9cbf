// Backend tests for the C-like printer: precedence and parentheses, literals at their exact
// type where C's conversions would change them, helper functions. Atomics per dialect are
// golden tests in tests/passes/backend/atomics.imp.
#include "backend/CPrinter.h"
#include "backend/PrintKernels.h"

#include <doctest/doctest.h>

using namespace fjord;
using namespace fjord::backend;
using imp::BinOpKind;

namespace {

std::string print(const imp::ExpRef& e, const Dialect& d = cudaDialect()) {
  Helpers helpers(d);
  CPrinter p(d, helpers);
  return p.exp(*e);
}

imp::ExpRef i64v(const char* n) { return imp::var(n, PrimType::I64); }

} // namespace

TEST_CASE("backend: expressions print with C precedence and exact literals") {
  using namespace imp;
  ExpRef a = i64v("a"), b = i64v("b"), c = i64v("c");
  CHECK(print(binOp(BinOpKind::Mul, binOp(BinOpKind::Add, a, b), c)) == "(a + b) * c");
  CHECK(print(binOp(BinOpKind::Add, a, binOp(BinOpKind::Mul, b, c))) == "a + b * c");
  CHECK(print(binOp(BinOpKind::Sub, a, binOp(BinOpKind::Sub, b, c))) == "a - (b - c)");
  CHECK(print(binOp(BinOpKind::And, binOp(BinOpKind::Add, a, b), c)) == "(a + b) & c");
  // An i64 literal on the left of a shift keeps its type; elsewhere a bare literal suffices.
  CHECK(print(binOp(BinOpKind::Shl, i64(1), a)) == "(int64_t)1 << a");
  CHECK(print(binOp(BinOpKind::Shl, i64(1), a), openclDialect()) == "(long)1 << a");
  CHECK(print(binOp(BinOpKind::Add, a, i64(1))) == "a + 1");
  CHECK(print(binOp(BinOpKind::Min, a, i64(1))) == "min(a, (int64_t)1)");
  CHECK(print(binOp(BinOpKind::Min, a, i64(1)), hostDialect()) == "std::min(a, (int64_t)1)");
  ExpRef x = var("x", PrimType::F32);
  CHECK(print(binOp(BinOpKind::Mul, x, constant(PrimValue::floating(PrimType::F32, 0.1)))) ==
        "x * 0.1f");
  CHECK(print(call("sqrt", {x}, PrimType::F32)) == "sqrtf(x)");
  CHECK(print(call("sqrt", {x}, PrimType::F32), openclDialect()) == "sqrt(x)");
  CHECK(print(constant(PrimValue::floating(PrimType::F64, -1.0 / 0.0))) == "-(double)INFINITY");
  CHECK(print(unOp(UnOpKind::Neg, unOp(UnOpKind::Neg, a))) == "-(-a)");
  CHECK(print(cmp(CmpOpKind::Lt, binOp(BinOpKind::Add, a, b), c)) == "a + b < c");
  CHECK(print(binOp(BinOpKind::Div, a, b)) == "fjord_div_i64(a, b)");
  CHECK(print(binOp(BinOpKind::Quot, a, b)) == "a / b");
  CHECK(print(convert(a, PrimType::F32)) == "(float)a");
  CHECK(print(load("xs", binOp(BinOpKind::Add, a, i64(1)), PrimType::F32)) == "xs[a + 1]");
  CHECK(print(threadId(), openclDialect()) == "(long)get_local_id(0)");
}

TEST_CASE("backend: helpers are defined once, only when used") {
  using namespace imp;
  Helpers helpers(openclDialect());
  CPrinter p(openclDialect(), helpers);
  CHECK(helpers.definitions().empty());
  p.exp(*binOp(BinOpKind::Mod, var("a", PrimType::I32), var("b", PrimType::I32)));
  p.exp(*binOp(BinOpKind::Mod, var("c", PrimType::I32), var("d", PrimType::I32)));
  std::string defs = helpers.definitions();
  CHECK(defs.find("static inline int fjord_mod_i32(int x, int y)") != std::string::npos);
  CHECK(defs.find("fjord_mod_i32", defs.find("fjord_mod_i32") + 1) == std::string::npos);
}
