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

/// The i64 scalar parameters `names` of a kernel (sizes: Note [Wrapping arithmetic]).
std::vector<imp::Param> sizeParams(std::initializer_list<const char*> names) {
  std::vector<imp::Param> params;
  for (const char* n : names)
    params.push_back({imp::Param::Kind::Scalar, n, PrimType::I64});
  return params;
}

/// `e` printed in a kernel whose i64 parameters a, b and c are sizes, with `body` as its
/// statements.
std::string print(const imp::ExpRef& e, const Dialect& d = cudaDialect(),
                  const imp::Block& body = {}) {
  Helpers helpers(d);
  CPrinter p(d, helpers);
  p.setRanges(ValueRanges(body, sizeParams({"a", "b", "c"}), /*indexParams=*/true));
  return p.exp(*e);
}

imp::ExpRef i64v(const char* n) { return imp::var(n, PrimType::I64); }
imp::ExpRef i32(int32_t v) { return imp::constant(imp::PrimValue::integer(PrimType::I32, v)); }

imp::Stm declare(const char* name, imp::ExpRef value) {
  imp::Stm s;
  s.kind = imp::Stm::Kind::DeclareScalar;
  s.name = name;
  s.type = value->type;
  s.args = {std::move(value)};
  return s;
}

} // namespace

TEST_CASE("backend: expressions print with C precedence and exact literals") {
  using namespace imp;
  ExpRef a = i64v("a"), b = i64v("b"), c = i64v("c");
  CHECK(print(binOp(BinOpKind::Mul, binOp(BinOpKind::Add, a, b), c)) == "(a + b) * c");
  CHECK(print(binOp(BinOpKind::Add, a, binOp(BinOpKind::Mul, b, c))) == "a + b * c");
  CHECK(print(binOp(BinOpKind::Sub, a, binOp(BinOpKind::Sub, b, c))) == "a - (b - c)");
  CHECK(print(binOp(BinOpKind::And, binOp(BinOpKind::Add, a, b), c)) == "(a + b) & c");
  // An i64 literal on the left of a shift keeps its type; elsewhere a bare literal suffices.
  // (An amount below the width prints plain: see the next test.)
  ExpRef amount = binOp(BinOpKind::And, a, i64(31));
  CHECK(print(binOp(BinOpKind::Shl, i64(1), amount)) == "(int64_t)1 << (a & 31)");
  CHECK(print(binOp(BinOpKind::Shl, i64(1), amount), openclDialect()) == "(long)1 << (a & 31)");
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

TEST_CASE("backend: signed arithmetic that may overflow wraps through the unsigned type") {
  using namespace imp;
  ExpRef a = i64v("a"), b = i64v("b");
  ExpRef x = var("x", PrimType::I32), y = var("y", PrimType::I32);
  ExpRef h = i64v("h"); // a program's i64 value (declared from a load)
  Block body = {declare("h", load("hs", a, PrimType::I64)),
                declare("k", binOp(BinOpKind::Add, convert(x, PrimType::I64), i64(1)))};
  // Sizes and indices: plain C (Note [Wrapping arithmetic]).
  CHECK(print(binOp(BinOpKind::Add, binOp(BinOpKind::Mul, a, b), i64(1))) == "a * b + 1");
  CHECK(print(unOp(UnOpKind::Neg, a)) == "-a");
  // The program's values: the runtime's wrapping macros, in both dialects.
  CHECK(print(binOp(BinOpKind::Add, x, y)) == "fjord_add_i32(x, y)");
  CHECK(print(binOp(BinOpKind::Mul, x, y), openclDialect()) == "fjord_mul_i32(x, y)");
  CHECK(print(binOp(BinOpKind::Sub, h, a), cudaDialect(), body) == "fjord_sub_i64(h, a)");
  CHECK(print(unOp(UnOpKind::Neg, x)) == "fjord_neg_i32(x)");
  // Known ranges need none: i64 of an i32 plus 1; a thread index times 4.
  CHECK(print(binOp(BinOpKind::Mul, var("k", PrimType::I64), i64(2)), cudaDialect(), body) ==
        "k * 2");
  CHECK(print(binOp(BinOpKind::Mul, threadId(), i64(4))) == "(int64_t)threadIdx.x * 4");
  CHECK(print(binOp(BinOpKind::Add, convert(var("s", PrimType::I16), PrimType::I32), i32(7))) ==
        "(int32_t)s + 7");
  // Narrower types compute in `int`, which cannot overflow; u16 products in unsigned.
  ExpRef u = var("u", PrimType::U16);
  CHECK(print(binOp(BinOpKind::Mul, u, u)) == "(uint16_t)((uint32_t)u * u)");
  // Shifts by unknown amounts, and division by a possible -1, through helpers.
  CHECK(print(binOp(BinOpKind::Shl, x, y)) == "fjord_shl_i32(x, y)");
  CHECK(print(binOp(BinOpKind::Shr, x, y)) == "fjord_shr_i32(x, y)");
  CHECK(print(binOp(BinOpKind::Shr, x, i32(3))) == "x >> 3");
  CHECK(print(binOp(BinOpKind::Quot, x, y)) == "fjord_quot_i32(x, y)");
  CHECK(print(binOp(BinOpKind::Rem, x, i32(10))) == "x % 10");
}

TEST_CASE("backend: a value that multiplies itself is not an index") {
  using namespace imp;
  // h = 1; h = h * 3 (a program's power) wraps; g = g + b (a strided index) does not.
  Stm step;
  step.kind = Stm::Kind::Assign;
  step.name = "g";
  step.args = {binOp(BinOpKind::Add, i64v("g"), i64v("b"))};
  Stm power = step;
  power.name = "h";
  power.args = {binOp(BinOpKind::Mul, i64v("h"), i64(3))};
  Block body = {declare("g", i64(0)), declare("h", i64(1)), step, power};
  CHECK(print(binOp(BinOpKind::Add, i64v("g"), i64v("a")), cudaDialect(), body) == "g + a");
  CHECK(print(binOp(BinOpKind::Mul, i64v("h"), i64(3)), cudaDialect(), body) ==
        "fjord_mul_i64(h, 3)");
}
