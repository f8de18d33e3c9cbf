// Unit tests of syntax error messages: Fjord's own words, at the right line and column, and
// no crash on hostile input.
#include "syntax_test_util.h"

#include <doctest/doctest.h>

using fjord::syntax_test::exprError;
using fjord::syntax_test::programError;

TEST_CASE("syntax: errors name the offending token and what was expected") {
  CHECK(programError("def f = (1 + 2") == "1:15: unexpected end of file, expected `)`");
  CHECK(programError("def f x = if x then 1") == "1:22: unexpected end of file, expected `else`");
  CHECK(programError("def f x") == "1:8: unexpected end of file, expected `=`");
  CHECK(programError("def = 1") == "1:5: unexpected `=`, expected a name");
  CHECK(programError("def f (x: ) = x") == "1:11: unexpected `)`, expected a type");
  CHECK(programError("entry f = map (\\x -> ) xs") == "1:22: unexpected `)`, expected an expression");
  CHECK(programError("def f = 1 )") == "1:11: unexpected `)`, expected a declaration");
  CHECK(programError("x") == "1:1: unexpected `x`, expected a declaration");
  CHECK(programError("def f = loop x = 0") ==
        "1:19: unexpected end of file, expected `for` or `while`");
  CHECK(programError("def f = match x") == "1:16: unexpected end of file, expected `case`");
  CHECK(programError("def f = [1, 2") == "1:14: unexpected end of file, expected `]` or `,`");
  CHECK(programError("def f = a[1") == "1:12: unexpected end of file, expected `]`");
  CHECK(programError("def f = \\x") == "1:11: unexpected end of file, expected `->`");
  CHECK(programError("type t = ") == "1:10: unexpected end of file, expected a type");
  CHECK(programError("def f = (, 1)") == "1:10: unexpected `,`, expected an expression");
}

TEST_CASE("syntax: a dangling operator reports the missing operand") {
  CHECK(programError("def f = x +") == "1:12: unexpected end of file, expected an expression");
  CHECK(programError("def f = x + )") == "1:13: unexpected `)`, expected an expression");
  CHECK(programError("def f = x |>\ndef g = 1") == "2:1: unexpected `def`, expected an expression");
}

TEST_CASE("syntax: lexical errors") {
  CHECK(programError("def f = 1 $ 2") == "1:11: unexpected character `$`");
  CHECK(programError("def f = \xce\xbb") == "1:9: unexpected character `\xce\xbb`");
  CHECK(programError("def f = 1i7") == "1:9: invalid number `1i7`");
  CHECK(programError("def f = 0b102") == "1:9: invalid number `0b102`");
  CHECK(programError("def f =\n  \"abc") ==
        "2:3: string literal is not terminated before the end of the line");
  CHECK(programError("def f = 1 \xff") == "1:11: source file is not valid UTF-8");
}

TEST_CASE("syntax: messages never leak ANTLR's wording") {
  const char* inputs[] = {"def", "def f = (", "def f = )", "type", "entry f (", "def f = [",
                          "def f = let", "def f = a with [1]", "def f = if", "import",
                          "def f = 1 2 3 in", "def f = #[", "def (+", "def f = x.", "}"};
  for (const char* src : inputs) {
    std::string msg = programError(src);
    INFO(src);
    CHECK(msg.find("unexpected") != std::string::npos);
    CHECK(msg.find("mismatched") == std::string::npos);
    CHECK(msg.find("viable") == std::string::npos);
    CHECK(msg.find("expecting") == std::string::npos);
    CHECK(msg.find("'") == std::string::npos);
  }
}

TEST_CASE("syntax: deep nesting is an error, not a crash") {
  std::string parens = std::string(5000, '(') + "1" + std::string(5000, ')');
  CHECK(exprError(parens).find("nested too deeply") != std::string::npos);
  std::string lets;
  for (int i = 0; i < 2000; ++i)
    lets += "let x = 1 ";
  CHECK(exprError(lets + "in x").find("nested too deeply") != std::string::npos);
  std::string chain = "1";
  for (int i = 0; i < 3000; ++i)
    chain += " + 1";
  CHECK(exprError(chain).find("nested too deeply") != std::string::npos);
  std::string shortChain = "1";
  for (int i = 0; i < 500; ++i)
    shortChain += " + 1";
  CHECK(exprError(shortChain) == "");
}

TEST_CASE("syntax: arbitrary bytes never crash the parser") {
  // A deterministic pseudo-random soup of tokens and bytes.
  const char* pieces[] = {"(", ")", "[", "]", "{", "}", "let", "in", "x", "1", "+", "-", "\\",
                          "->", ",", ":", "=", "if", "then", "else", "loop", "for", "<", "do",
                          "match", "case", "#a", "#[", "'", "\"", ".", "..", " ", "\n", "with",
                          "def", "type", "0x", "1.5", "`f`", "?", "*", "|", "\x80"};
  uint32_t state = 12345;
  for (int round = 0; round < 300; ++round) {
    std::string src;
    for (int i = 0; i < 40; ++i) {
      state = state * 1103515245u + 12345u;
      src += pieces[(state >> 16) % (sizeof(pieces) / sizeof(pieces[0]))];
    }
    fjord::DiagnosticEngine diags;
    auto p = fjord::parseProgram(fjord::syntax_test::makeFile(src), diags);
    CHECK((p.has_value() || diags.hasErrors()));
  }
}
