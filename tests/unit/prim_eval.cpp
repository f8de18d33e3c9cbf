// The one evaluation of the language's scalar semantics (prim/Eval.h): wrap-around integer
// arithmetic, floor and truncating division, failures, conversions, f16 rounding and
// comparisons, on values built by hand.
#include "prim/Eval.h"

#include <doctest/doctest.h>

#include <cmath>
#include <limits>

using fjord::BinOpKind;
using fjord::CmpOpKind;
using fjord::PrimType;
using fjord::PrimValue;
using fjord::UnOpKind;
namespace prim = fjord::prim;

namespace {

PrimValue i8(int64_t v) { return PrimValue::integer(PrimType::I8, v); }
PrimValue i32(int64_t v) { return PrimValue::integer(PrimType::I32, v); }
PrimValue i64(int64_t v) { return PrimValue::integer(PrimType::I64, v); }
PrimValue u8(int64_t v) { return PrimValue::integer(PrimType::U8, v); }
PrimValue u32(int64_t v) { return PrimValue::integer(PrimType::U32, v); }
PrimValue f16(double v) { return PrimValue::floating(PrimType::F16, v); }
PrimValue f32(double v) { return PrimValue::floating(PrimType::F32, v); }
PrimValue f64(double v) { return PrimValue::floating(PrimType::F64, v); }

/// The value of `x op y`, which must exist.
PrimValue eval(BinOpKind k, PrimValue x, PrimValue y) {
  prim::Evaluated r = prim::evalBinOp(k, x, y);
  REQUIRE(r.value.has_value());
  CHECK(r.failure == prim::EvalFailure::None);
  return *r.value;
}

bool holds(CmpOpKind k, PrimValue x, PrimValue y) {
  PrimValue r = prim::evalCmpOp(k, x, y);
  REQUIRE(r.type == PrimType::Bool);
  return r.i != 0;
}

} // namespace

TEST_CASE("prim: integer arithmetic wraps around at the type's width") {
  CHECK(eval(BinOpKind::Add, i8(127), i8(1)) == i8(-128));
  CHECK(eval(BinOpKind::Sub, u8(0), u8(1)) == u8(255));
  CHECK(eval(BinOpKind::Sub, u8(0), u8(1)).str() == "255u8");
  CHECK(eval(BinOpKind::Mul, i32(65536), i32(65536)) == i32(0));
  CHECK(eval(BinOpKind::Add, i64(std::numeric_limits<int64_t>::max()), i64(1)) ==
        i64(std::numeric_limits<int64_t>::min()));
  CHECK(eval(BinOpKind::Pow, i8(2), i8(7)) == i8(-128));
  CHECK(eval(BinOpKind::Pow, i32(-1), i32(-3)) == i32(-1)); // the one negative exponent allowed
  // Operands need not be normalised: u8 -1 is 255.
  CHECK(eval(BinOpKind::Add, u8(-1), u8(2)) == u8(1));
}

TEST_CASE("prim: `/` and `%` round towards negative infinity, `//` and `%%` towards zero") {
  CHECK(eval(BinOpKind::Div, i32(-7), i32(2)) == i32(-4));
  CHECK(eval(BinOpKind::Mod, i32(-7), i32(2)) == i32(1));
  CHECK(eval(BinOpKind::Div, i32(7), i32(-2)) == i32(-4));
  CHECK(eval(BinOpKind::Mod, i32(7), i32(-2)) == i32(-1));
  CHECK(eval(BinOpKind::Quot, i32(-7), i32(2)) == i32(-3));
  CHECK(eval(BinOpKind::Rem, i32(-7), i32(2)) == i32(-1));
  CHECK(eval(BinOpKind::Div, u8(250), u8(7)) == u8(35)); // unsigned: 250, not -6
  CHECK(eval(BinOpKind::Div, i64(std::numeric_limits<int64_t>::min()), i64(-1)) ==
        i64(std::numeric_limits<int64_t>::min())); // wraps, no trap
  CHECK(eval(BinOpKind::Mod, f64(-7.5), f64(2)) == f64(0.5));
  CHECK(eval(BinOpKind::Rem, f64(-7.5), f64(2)) == f64(-1.5));
  CHECK(eval(BinOpKind::Quot, f64(-7.5), f64(2)) == f64(-3));
  CHECK(prim::floorDiv(-7, 2) == -4);
  CHECK(prim::floorMod(-7, 2) == 1);
  CHECK(prim::floorMod(7, -2) == -1);
}

TEST_CASE("prim: failing operations say why and give no value") {
  for (BinOpKind k : {BinOpKind::Div, BinOpKind::Mod, BinOpKind::Quot, BinOpKind::Rem}) {
    prim::Evaluated r = prim::evalBinOp(k, i32(1), i32(0));
    CHECK(!r.value.has_value());
    CHECK(r.failure == prim::EvalFailure::DivisionByZero);
  }
  prim::Evaluated neg = prim::evalBinOp(BinOpKind::Pow, i32(2), i32(-1));
  CHECK(!neg);
  CHECK(neg.failure == prim::EvalFailure::NegativeExponent);
  CHECK(prim::evalBinOp(BinOpKind::Shl, f32(1), f32(1)).failure == prim::EvalFailure::NotDefined);
  CHECK(prim::evalBinOp(BinOpKind::LogAnd, i32(1), i32(1)).failure == prim::EvalFailure::NotDefined);
  // Floats do not fail: IEEE division by zero.
  CHECK(std::isinf(eval(BinOpKind::Div, f32(1), f32(0)).f));
  CHECK(!prim::evalUnOp(UnOpKind::Not, i32(1)).has_value());
  CHECK(!prim::evalUnOp(UnOpKind::Complement, f32(1)).has_value());
}

TEST_CASE("prim: shifts by the width or more") {
  CHECK(eval(BinOpKind::Shl, i8(1), i8(8)) == i8(0));
  CHECK(eval(BinOpKind::Shr, i32(-8), i32(1)) == i32(-4));   // arithmetic for signed
  CHECK(eval(BinOpKind::Shr, i32(-8), i32(40)) == i32(-1));  // sign-fills
  CHECK(eval(BinOpKind::LShr, i8(-1), i8(1)) == i8(127));    // `>>>` is logical
  CHECK(eval(BinOpKind::Shr, u8(255), u8(9)) == u8(0));
}

TEST_CASE("prim: conversions truncate, saturate at 64 bits and then wrap, as the interpreter") {
  CHECK(prim::convert(f32(-2.7), PrimType::I32) == i32(-2));
  CHECK(prim::convert(f32(2.7), PrimType::I32) == i32(2));
  CHECK(prim::convert(f64(3e9), PrimType::I32) == i32(3000000000LL - (1LL << 32)));
  CHECK(prim::convert(f64(1e30), PrimType::I32) == i32(-1)); // int64 max, wrapped
  CHECK(prim::convert(f64(std::nan("")), PrimType::I32) == i32(0));
  CHECK(prim::convert(f64(-1), PrimType::U8) == u8(0));
  CHECK(prim::convert(i32(-1), PrimType::U8) == u8(255));
  CHECK(prim::convert(u8(255), PrimType::I32) == i32(255));
  CHECK(prim::convert(u32(-1), PrimType::F64) == f64(4294967295.0));
  CHECK(prim::convert(f64(0.1), PrimType::F32).f == static_cast<double>(0.1f));
  CHECK(prim::convert(i32(7), PrimType::Bool) == PrimValue::boolean(true));
  CHECK(prim::convert(PrimValue::boolean(true), PrimType::F32) == f32(1));
}

TEST_CASE("prim: f16 results are rounded to binary16") {
  CHECK(eval(BinOpKind::Add, f16(2048), f16(1)) == f16(2048)); // 2049 is not an f16
  CHECK(eval(BinOpKind::Add, f16(2048), f16(3)) == f16(2052)); // ties to even
  CHECK(eval(BinOpKind::Mul, f16(0.1), f16(1)).f == 0.0999755859375);
  CHECK(std::isinf(eval(BinOpKind::Add, f16(65504), f16(16)).f)); // past the largest f16
  CHECK(prim::convert(f64(1.0 / 3), PrimType::F16).f == 0.333251953125);
  CHECK(prim::bitcast(f16(1), PrimType::U16) == PrimValue::integer(PrimType::U16, 0x3c00));
}

TEST_CASE("prim: comparisons order unsigned types unsigned and NaN with nothing") {
  CHECK(holds(CmpOpKind::Gt, u8(255), u8(1)));
  CHECK(holds(CmpOpKind::Lt, i8(-1), i8(1)));
  CHECK(holds(CmpOpKind::Gt, u32(-1), u32(0)));
  CHECK(holds(CmpOpKind::Eq, u8(-1), u8(255))); // the same bits
  CHECK(holds(CmpOpKind::Lt, PrimValue::boolean(false), PrimValue::boolean(true)));
  PrimValue nan = f32(std::nan(""));
  CHECK(!holds(CmpOpKind::Eq, nan, nan));
  CHECK(!holds(CmpOpKind::Le, nan, f32(1)));
  CHECK(!holds(CmpOpKind::Gt, nan, f32(1)));
  CHECK(holds(CmpOpKind::Ne, nan, nan));
}

TEST_CASE("prim: unary operators, min/max, constants and math functions") {
  CHECK(prim::evalUnOp(UnOpKind::Neg, i8(-128)) == i8(-128));
  CHECK(prim::evalUnOp(UnOpKind::Abs, i32(-5)) == i32(5));
  CHECK(prim::evalUnOp(UnOpKind::Abs, u8(200)) == u8(200));
  CHECK(prim::evalUnOp(UnOpKind::Signum, i32(-9)) == i32(-1));
  CHECK(std::isnan(prim::evalUnOp(UnOpKind::Signum, f32(std::nan("")))->f));
  CHECK(prim::evalUnOp(UnOpKind::Complement, u8(0)) == u8(255));
  CHECK(eval(BinOpKind::Max, u8(255), u8(1)) == u8(255));
  CHECK(eval(BinOpKind::Min, f32(std::nan("")), f32(2)) == f32(2)); // the operand that is not NaN
  CHECK(prim::numericConstant("lowest", PrimType::I8) == i8(-128));
  CHECK(prim::numericConstant("highest", PrimType::U8) == u8(255));
  CHECK(prim::numericConstant("pi", PrimType::F32)->f == static_cast<double>(static_cast<float>(M_PI)));
  CHECK(!prim::numericConstant("pi", PrimType::I32).has_value());
  CHECK(prim::evalFunction("sqrt", {f64(2)}) == f64(std::sqrt(2.0)));
  CHECK(prim::evalFunction("round", {f64(2.5)}) == f64(2)); // half to even
  CHECK(prim::evalFunction("popc", {u8(255)}) == i32(8));
  CHECK(prim::evalFunction("clz", {i32(1)}) == i32(31));
  CHECK(!prim::evalFunction("sqrt", {i32(4)}).has_value());
}
