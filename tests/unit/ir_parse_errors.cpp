// Syntax errors in textual IR are diagnostics at the line and column of the IR text, with
// the message next to the offending line's text; the parser never throws or crashes.
#include "driver/Pipeline.h"
#include "ir/Parse.h"
#include "ir/Print.h"

#include <doctest/doctest.h>

using namespace fjord;

namespace {

struct Error {
  int line = 0, col = 0;
  std::string message;
};

/// Parses `text` as a program, expecting exactly one error.
Error parseError(const std::string& text) {
  DiagnosticEngine diags;
  auto p = ir::parseProg(text, diags, "test.ir");
  CHECK_FALSE(p.has_value());
  REQUIRE(diags.all().size() == 1);
  const Diagnostic& d = diags.all()[0];
  CHECK(d.span.file->path == "test.ir");
  return {d.span.line, d.span.col, d.message};
}

const std::string kHead = "fun f(n_1 : i64) : {i64} = {\n";

} // namespace

TEST_CASE("ir: a body without `in` is reported where it ends") {
  Error e = parseError(kHead + "  let {x_2 : i64} = n_1\n}\n");
  CHECK(e.message == "expected `let` or `in`, found `}`");
  CHECK(e.line == 3);
  CHECK(e.col == 1);
}

TEST_CASE("ir: variables need a tag and constants a type suffix") {
  Error tagless = parseError(kHead + "  let {x : i64} = n_1\n  in {x}\n}\n");
  CHECK(tagless.message == "expected a variable `name_tag`, found `x`");
  CHECK(tagless.line == 2);
  CHECK(tagless.col == 8);
  Error bare = parseError(kHead + "  let {x_2 : i64} = add.i64 n_1 1\n  in {x_2}\n}\n");
  CHECK(bare.message == "a constant needs a type suffix, as in `1i64`");
  CHECK(bare.line == 2);
  CHECK(bare.col == 33);
  Error range = parseError(kHead + "  let {x_2 : i8} = 128i8\n  in {x_2}\n}\n");
  CHECK(range.message == "invalid constant `128i8`");
  CHECK(range.col == 20);
}

TEST_CASE("ir: unknown types, operators and spaces are reported") {
  Error type = parseError("fun f(n_1 : q32) : {} = {\n  in {}\n}\n");
  CHECK(type.message == "expected a scalar type, found `q32`");
  CHECK(type.line == 1);
  CHECK(type.col == 13);
  Error op = parseError(kHead + "  let {x_2 : i64} = frob.i64 n_1\n  in {x_2}\n}\n");
  CHECK(op.message == "expected a variable `name_tag`, found `frob`");
  CHECK(op.col == 21);
  Error space = parseError(kHead + "  let {m_2 : mem@device} = alloc(n_1, heap)\n  in {n_1}\n}\n");
  CHECK(space.message == "expected `host`, `device` or `shared`, found `heap`");
  CHECK(space.col == 39);
}

TEST_CASE("ir: bad LMADs are reported inside the annotation") {
  Error e = parseError("fun f(n_1 : i64, m_2 : mem@device, xs_3 : [n_1]f32 @m_2 -> 0 + {(n_1 : )}) : {} = {\n  in {}\n}\n");
  CHECK(e.message == "in an LMAD: expected an expression, found `)`");
  CHECK(e.line == 1);
  CHECK(e.col == 72);
  Error div = parseError("fun f(n_1 : i64, m_2 : mem@device, xs_3 : [n_1]f32 @m_2 -> n_1 / n_1 + {(n_1 : 1)}) : {} = {\n  in {}\n}\n");
  CHECK(div.message == "in an LMAD: the divisor must be a non-zero constant");
  CHECK(div.col == 66);
}

TEST_CASE("ir: strings, attributes and stray characters are reported") {
  Error str = parseError(kHead + "  let {} = assert true \"no end\n  in {n_1}\n}\n");
  CHECK(str.message == "unterminated string");
  CHECK(str.line == 2);
  CHECK(str.col == 24);
  Error span = parseError(kHead + "  #[prov \"map\" file.fut:1:2]\n  let {x_2 : i64} = n_1\n  in {x_2}\n}\n");
  CHECK(span.message == "expected a source span `path:line:col-line:col`, found `file.fut:1:2`");
  CHECK(span.line == 2);
  CHECK(span.col == 16);
  Error stray = parseError(kHead + "  let {x_2 : i64} = $n_1\n  in {x_2}\n}\n");
  CHECK(stray.message == "unexpected character `$`");
  CHECK(stray.col == 21);
  Error attr = parseError("#[inlined]\nfun f() : {} = {\n  in {}\n}\n");
  CHECK(attr.message == "unknown function attribute `inlined`");
  CHECK(attr.col == 3);
}

TEST_CASE("ir: a parse error renders GCC-style with the IR line") {
  DiagnosticEngine diags;
  CHECK_FALSE(ir::parseProg(kHead + "  let {x_2 : i64} = n_1\n  in {x_2\n}\n", diags, "t.ir"));
  CHECK(diags.render() == "t.ir:5:1: error: expected `}`, found the end of the input\n"
                          "    \n"
                          "    ^\n");
}

TEST_CASE("ir: truncated or corrupted IR text gives diagnostics, never exceptions") {
  DiagnosticEngine diags;
  auto checked = driver::loadProgram(std::string(FJORD_SOURCE_DIR) + "/samples/demo.fut", diags);
  REQUIRE(checked);
  auto prog = driver::irAtStage(*checked, "mem", diags);
  REQUIRE(prog);
  std::string text = ir::printProg(*prog);
  // Every prefix that ends inside the text, and single-character corruptions.
  uint32_t seed = 12345;
  auto random = [&seed] { return (seed = seed * 1103515245u + 12345u) >> 8; };
  for (size_t cut = 0; cut < text.size(); cut += 3) {
    DiagnosticEngine d;
    CHECK_NOTHROW(ir::parseProg(text.substr(0, cut), d));
  }
  const std::string junk = "{}()[],:;=<\\*@.-+#\"x_1 9 f32 $";
  for (int i = 0; i < 3000; ++i) {
    std::string bad = text;
    bad[random() % bad.size()] = junk[random() % junk.size()];
    DiagnosticEngine d;
    auto p = ir::parseProg(bad, d);
    CHECK((p.has_value() || d.hasErrors()));
  }
  DiagnosticEngine d;
  CHECK_FALSE(ir::parseProg("fun f(m_1 : mem@device, x_2 : [1i64]f32 @m_1 -> "
                            "fjord_floordiv(1, (-9223372036854775807 - 1)) + {}) : {} = {\n  in {}\n}\n",
                            d));
  CHECK(d.render().find("the divisor is out of range") != std::string::npos);
}
