// Unit tests of semantic types (syntax/Type.h) and of operator precedence classification
// (syntax/Operators.h).
#include "syntax/Operators.h"
#include "syntax/Type.h"

#include <doctest/doctest.h>

using namespace fjord;

TEST_CASE("syntax: primitive type names round-trip") {
  for (PrimType p : {PrimType::Bool, PrimType::I8, PrimType::I16, PrimType::I32, PrimType::I64,
                     PrimType::U8, PrimType::U16, PrimType::U32, PrimType::U64, PrimType::F16,
                     PrimType::F32, PrimType::F64})
    CHECK(primFromName(primName(p)) == p);
  CHECK_FALSE(primFromName("i128"));
  CHECK(isSigned(PrimType::I16));
  CHECK_FALSE(isSigned(PrimType::U16));
  CHECK(isUnsigned(PrimType::U64));
  CHECK(isInteger(PrimType::U8));
  CHECK_FALSE(isInteger(PrimType::F32));
  CHECK(isFloat(PrimType::F16));
  CHECK_FALSE(isFloat(PrimType::Bool));
  CHECK(primBytes(PrimType::Bool) == 1);
  CHECK(primBytes(PrimType::F16) == 2);
  CHECK(primBytes(PrimType::I64) == 8);
}

TEST_CASE("syntax: types print in source syntax") {
  TypeRef f32 = Type::primitive(PrimType::F32);
  TypeRef i64 = Type::primitive(PrimType::I64);
  TypeRef mat = Type::array(f32, {Size::var("n"), Size::constant(3)});
  CHECK(mat->str() == "[n][3]f32");
  CHECK(Type::array(f32, {Size::unknown()}, /*unique=*/true)->str() == "*[]f32");
  CHECK(Type::tuple({f32, i64})->str() == "(f32, i64)");
  CHECK(Type::unit()->str() == "()");
  CHECK(Type::record({{"y", f32}, {"x", i64}})->str() == "{x: i64, y: f32}");
  TypeRef fn = Type::function(f32, Type::function(f32, f32));
  CHECK(fn->str() == "f32 -> f32 -> f32");
  CHECK(Type::function(fn, f32)->str() == "(f32 -> f32 -> f32) -> f32");
  CHECK(Type::function(i64, Type::array(f32, {Size::var("n")}), "n")->str() ==
        "(n: i64) -> [n]f32");
  CHECK(Type::sum({{"some", {i64}}, {"none", {}}})->str() == "#none | #some i64");
  CHECK(Type::typeVar("a")->str() == "a");
}

TEST_CASE("syntax: arrays flatten and rows peel one dimension") {
  TypeRef f32 = Type::primitive(PrimType::F32);
  TypeRef inner = Type::array(f32, {Size::var("m")});
  TypeRef outer = Type::array(inner, {Size::var("n")});
  CHECK(outer->str() == "[n][m]f32");
  CHECK(outer->rank() == 2);
  CHECK(outer->rowType()->str() == "[m]f32");
  CHECK(outer->rowType()->rowType()->str() == "f32");
  CHECK(Type::array(f32, {}) == f32);
}

TEST_CASE("syntax: structural type equality") {
  TypeRef f32 = Type::primitive(PrimType::F32);
  TypeRef a = Type::array(f32, {Size::var("n")});
  TypeRef b = Type::array(Type::primitive(PrimType::F32), {Size::var("n")});
  CHECK(sameType(*a, *b));
  CHECK_FALSE(sameType(*a, *Type::array(f32, {Size::var("m")})));
  CHECK_FALSE(sameType(*a, *Type::array(f32, {Size::var("n")}, /*unique=*/true)));
  CHECK(sameType(*Type::record({{"x", f32}, {"y", a}}), *Type::record({{"y", b}, {"x", f32}})));
  CHECK_FALSE(sameType(*Type::tuple({f32, a}), *Type::tuple({a, f32})));
  CHECK(sameType(*Type::function(a, f32, "n"), *Type::function(b, f32)));
  CHECK(Size::constant(3).str() == "3");
  CHECK(Size::var("n").str() == "n");
  CHECK(Size::unknown().str() == "");
}

TEST_CASE("syntax: operator precedence from leading characters") {
  using syntax::operatorPrecedence;
  CHECK(operatorPrecedence("|>").level < operatorPrecedence("<|").level);
  CHECK(operatorPrecedence("<|").assoc == syntax::Assoc::Right);
  CHECK(operatorPrecedence("||").level < operatorPrecedence("&&").level);
  CHECK(operatorPrecedence("&&").level < operatorPrecedence("==").level);
  CHECK(operatorPrecedence("==").level == operatorPrecedence("<=").level);
  CHECK(operatorPrecedence(">->").level == operatorPrecedence(">").level);
  CHECK(operatorPrecedence("!=").level == operatorPrecedence("<").level);
  CHECK(operatorPrecedence("==").level < operatorPrecedence("&").level);
  CHECK(operatorPrecedence("|").level == operatorPrecedence("^").level);
  CHECK(operatorPrecedence("^").level < operatorPrecedence("<<").level);
  CHECK(operatorPrecedence(">>>").level == operatorPrecedence("<<").level);
  CHECK(operatorPrecedence("<<").level < operatorPrecedence("+").level);
  CHECK(operatorPrecedence("+^").level == operatorPrecedence("-").level);
  CHECK(operatorPrecedence("-").level < operatorPrecedence("%%").level);
  CHECK(operatorPrecedence("//").level == operatorPrecedence("*").level);
  CHECK(operatorPrecedence("*").level < operatorPrecedence("**").level);
  CHECK(syntax::kWithLevel < operatorPrecedence("|>").level);
  CHECK(syntax::kBacktickLevel < syntax::kWithLevel);
  CHECK(syntax::isSymbolicOperator("+^"));
  CHECK_FALSE(syntax::isSymbolicOperator("max"));
}
