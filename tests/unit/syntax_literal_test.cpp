// Unit tests of literal decoding (syntax/Literals.h) and of literal values in the AST.
#include "syntax/Literals.h"
#include "syntax_test_util.h"

#include <doctest/doctest.h>

using namespace fjord;
using namespace fjord::syntax;

namespace {

uint64_t intValue(std::string_view text) {
  std::string error;
  std::optional<IntLiteral> lit = decodeInt(text, error);
  REQUIRE_MESSAGE(lit, error);
  return lit->value;
}

} // namespace

TEST_CASE("syntax: integer literals decode with bases, underscores and suffixes") {
  CHECK(intValue("0") == 0);
  CHECK(intValue("1_000_000") == 1000000);
  CHECK(intValue("0xff") == 255);
  CHECK(intValue("0XFF_FF") == 65535);
  CHECK(intValue("0b101") == 5);
  CHECK(intValue("18446744073709551615") == UINT64_MAX);
  std::string error;
  std::optional<IntLiteral> lit = decodeInt("0x1fi64", error);
  REQUIRE(lit);
  CHECK(lit->value == 31);
  CHECK(lit->suffix == PrimType::I64);
  CHECK(decodeInt("1u8", error)->suffix == PrimType::U8);
  CHECK_FALSE(decodeInt("18446744073709551616", error));
  CHECK(error == "integer literal does not fit in 64 bits");
}

TEST_CASE("syntax: integer ranges per type") {
  CHECK(intFits(127, PrimType::I8, false));
  CHECK_FALSE(intFits(128, PrimType::I8, false));
  CHECK(intFits(128, PrimType::I8, /*negated=*/true));
  CHECK_FALSE(intFits(129, PrimType::I8, /*negated=*/true));
  CHECK(intFits(255, PrimType::U8, false));
  CHECK_FALSE(intFits(256, PrimType::U8, false));
  CHECK_FALSE(intFits(1, PrimType::U32, /*negated=*/true));
  CHECK(intFits(UINT64_MAX, PrimType::U64, false));
  CHECK(intFits(uint64_t(1) << 63, PrimType::I64, /*negated=*/true));
  CHECK_FALSE(intFits(uint64_t(1) << 63, PrimType::I64, false));
}

TEST_CASE("syntax: float literals") {
  std::string error;
  CHECK(decodeFloat("2.5", error)->value == 2.5);
  CHECK(decodeFloat("1e-3", error)->value == doctest::Approx(0.001));
  CHECK(decodeFloat("1_000.5", error)->value == 1000.5);
  std::optional<FloatLiteral> f = decodeFloat("2.5f32", error);
  REQUIRE(f);
  CHECK(f->suffix == PrimType::F32);
  CHECK(decodeFloat("3f64", error)->value == 3.0);
  CHECK_FALSE(decodeFloat("1e400", error));
  CHECK(error == "float literal is out of range for f64");
  CHECK_FALSE(decodeFloat("70000f16", error));
  CHECK(error == "float literal is out of range for f16");
}

TEST_CASE("syntax: character and string escapes") {
  std::string error;
  CHECK(decodeChar("'a'", error) == uint32_t('a'));
  CHECK(decodeChar("'\\n'", error) == uint32_t('\n'));
  CHECK(decodeChar("'\\''", error) == uint32_t('\''));
  CHECK(decodeChar("'\\x41'", error) == uint32_t('A'));
  CHECK(decodeChar("'\\u03bb'", error) == 0x3bbu);
  CHECK(decodeChar("'\xce\xbb'", error) == 0x3bbu); // λ as UTF-8
  CHECK_FALSE(decodeChar("'\\q'", error));
  CHECK(error == "unknown escape sequence `\\q`");
  CHECK(decodeString("\"a\\tb\\\"c\\\\\"", error) == std::string("a\tb\"c\\"));
  CHECK(decodeString("\"\\u03bb\"", error) == std::string("\xce\xbb"));
  CHECK(decodeString("\"\"", error) == std::string());
}

TEST_CASE("syntax: literal values and suffixes in the AST") {
  auto file = syntax_test::makeFile("(1i8, 0xffu8, 2.5f32, 'A', \"hi\\n\", true, 7)");
  DiagnosticEngine diags;
  ast::ExprPtr e = parseExpression(file, diags);
  REQUIRE(e);
  REQUIRE(e->elems.size() == 7);
  CHECK(e->elems[0]->kind == ast::Expr::Kind::IntLit);
  CHECK(e->elems[0]->intValue == 1);
  CHECK(e->elems[0]->literalType == PrimType::I8);
  CHECK(e->elems[1]->intValue == 255);
  CHECK(e->elems[1]->literalType == PrimType::U8);
  CHECK(e->elems[2]->kind == ast::Expr::Kind::FloatLit);
  CHECK(e->elems[2]->floatValue == 2.5);
  CHECK(e->elems[2]->literalType == PrimType::F32);
  CHECK(e->elems[3]->kind == ast::Expr::Kind::CharLit);
  CHECK(e->elems[3]->intValue == 65);
  CHECK(e->elems[4]->kind == ast::Expr::Kind::StringLit);
  CHECK(e->elems[4]->text == "hi\n");
  CHECK(e->elems[5]->boolValue);
  CHECK_FALSE(e->elems[6]->literalType.has_value());
}

TEST_CASE("syntax: negative literal patterns are folded") {
  auto file = syntax_test::makeFile("match x case -2 -> 0 case _ -> 1");
  DiagnosticEngine diags;
  ast::ExprPtr e = parseExpression(file, diags);
  REQUIRE(e);
  const ast::Pattern& p = *e->cases[0].pattern;
  REQUIRE(p.kind == ast::Pattern::Kind::Literal);
  CHECK(static_cast<int64_t>(p.literal->intValue) == -2);
  CHECK(p.literal->text == "-2");
}

TEST_CASE("syntax: out-of-range literals are diagnosed at the literal") {
  using syntax_test::exprError;
  // A suffixed literal that its type cannot hold wraps around, as in Futhark.
  CHECK(exprError("300i8") == "");
  CHECK(exprError("-128i8") == "");
  CHECK(exprError("x + -129i8") == "");
  CHECK(exprError("255u8 + 256u8") == "");
  CHECK(exprError("99999999999999999999") == "1:1: integer literal does not fit in 64 bits");
  CHECK(exprError("1e400f32") == "1:1: float literal is out of range for f32");
  CHECK(exprError("f '\\q'") == "1:3: unknown escape sequence `\\q`");
}
