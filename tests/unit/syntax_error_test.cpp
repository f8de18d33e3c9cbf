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
  CHECK(programError("type t = ") == "1:9: unexpected end of file, expected a type");
  CHECK(programError("def f = (, 1)") == "1:10: unexpected `,`, expected an expression");
}

namespace {

/// The first error and its notes, "line:col: message" each, joined by " | ".
std::string errorWithNotes(const std::string& src) {
  fjord::DiagnosticEngine diags;
  if (fjord::parseProgram(fjord::syntax_test::makeFile(src), diags) || diags.all().empty())
    return "";
  const fjord::Diagnostic& d = diags.all().front();
  auto at = [](const fjord::Diagnostic& x) {
    return std::to_string(x.span.line) + ":" + std::to_string(x.span.col) + ": " + x.message;
  };
  std::string out = at(d);
  for (const fjord::Diagnostic& n : d.notes)
    out += " | " + at(n);
  return out;
}

} // namespace

TEST_CASE("syntax: an unclosed bracket gets a note where it was opened") {
  CHECK(errorWithNotes("def f = (1 + 2") ==
        "1:15: unexpected end of file, expected `)` | 1:9: to match this `(`");
  CHECK(errorWithNotes("def f = g (h [1, 2) 3") ==
        "1:19: unexpected `)`, expected `]` or `,` | 1:14: to match this `[`");
  CHECK(errorWithNotes("def f = {a = 1, b = (2, 3}") ==
        "1:26: unexpected `}`, expected `)` or `,` | 1:21: to match this `(`");
  CHECK(errorWithNotes("def f = a[1") ==
        "1:12: unexpected end of file, expected `]` | 1:10: to match this `[`");
  // The end of the file is reported where the parser stopped: after the last token, not
  // on the blank lines or comments that follow it.
  CHECK(errorWithNotes("def f (x: i32) =\n  f32.sqrt (x +\n    (1 * (2 + x))\n\n-- end\n") ==
        "3:18: unexpected end of file, expected `)` | 2:12: to match this `(`");
  CHECK(errorWithNotes("def f = (x + * 2)") ==
        "1:14: unexpected `*`, expected `)` | 1:9: to match this `(`");
  // No note when the bracket is not what the parser wanted closed.
  CHECK(errorWithNotes("def f = (if x then 1)") == "1:21: unexpected `)`, expected `else`");
  CHECK(errorWithNotes("def f = (1, 2) )") == "1:16: unexpected `)`, expected a declaration");
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
  // A flat chain of `let`s is not nesting (#16): the parser loops over it.
  std::string lets;
  for (int i = 0; i < 5000; ++i)
    lets += "let x = 1 ";
  CHECK(exprError(lets + "in x") == "");
  // Lets nested in their bound expressions are.
  std::string nestedLets;
  for (int i = 0; i < 2000; ++i)
    nestedLets += "let x = (";
  nestedLets += "1" + std::string(2000, ')') + " in x";
  CHECK(exprError(nestedLets).find("nested too deeply") != std::string::npos);
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
