// Type checker diagnostics at GCC/Clang grade: "did you mean" for unknown names, the caret on
// the operand whose type conflicts, and one error per mistake (no follow-on errors).
#include "sema_test_util.h"

#include <doctest/doctest.h>

#include <string>

namespace {

using fjord::sematest::checkSource;

/// Every diagnostic, rendered (empty when the program checks).
std::string allErrors(const std::string& src) {
  auto c = checkSource(src);
  return c->diags.render();
}

/// The messages of the diagnostics, each with its line:col, joined by " | ".
std::string messages(const std::string& src) {
  auto c = checkSource(src);
  std::string out;
  for (const fjord::Diagnostic& d : c->diags.all())
    out += std::string(out.empty() ? "" : " | ") + std::to_string(d.span.line) + ":" +
           std::to_string(d.span.col) + ": " + d.message;
  return out;
}

} // namespace

TEST_CASE("sema: unknown names suggest the closest name in scope") {
  CHECK(messages("def f (xs: []i32) = mapp (+1) xs") ==
        "1:21: unknown name `mapp`; did you mean `map`?");
  // Locals come first, and a closer name wins over one further away.
  CHECK(messages("def f (counter: i32) = countr + 1") ==
        "1:24: unknown name `countr`; did you mean `counter`?");
  CHECK(messages("def f (x: f32) = f32.sqrtt x") ==
        "1:18: unknown name `f32.sqrtt`; did you mean `f32.sqrt`?");
  CHECK(messages("def f (x: f32) = f23.sqrt x") ==
        "1:18: unknown name `f23`; did you mean `f32`?");
  CHECK(messages("def f (r: {alpha: i32, beta: i32}) = r.alpah") ==
        "1:38: type `{alpha: i32, beta: i32}` has no field `alpah`; did you mean `alpha`?");
  CHECK(messages("type vec = {x: f32}\ndef f (v: vecc) = v") ==
        "2:11: unknown type `vecc`; did you mean `vec`?");
  CHECK(messages("def f (x: i32) : i33 = x") ==
        "1:18: unknown type `i33`; did you mean `i32`?");
  CHECK(messages("module m = { def twice (x: i32) = 2 * x }\ndef f = m.twic 1") ==
        "2:9: module `m` has no value `twic`; did you mean `twice`?");
  CHECK(messages("module geometry = { module shapes = { def one = 1i32 } }\n"
                 "def f = geometry.shapez.one") ==
        "2:9: module `geometry` has no value `shapez`; did you mean `shapes`?");
  CHECK(messages("def f [rows] (xs: [rows]f32) : [rosw]f32 = xs") ==
        "1:32: unknown size `rosw`; did you mean `rows`?");
  // Nothing close enough, or a name of one character (any other is one edit away): no guess.
  CHECK(messages("def f (x: i32) = y") == "1:18: unknown name `y`");
  // Nothing close enough: no guess.
  CHECK(messages("def f (x: i32) = zork + x") ==
        "1:18: unknown name `zork`");
}

TEST_CASE("sema: the caret is on the operand whose type conflicts, in a lambda too") {
  // `x` gets its type from `xs` (the lambda is checked after it), so the mistake is `k`.
  CHECK(allErrors("entry main (xs: []f32) (k: i32) : []f32 = map (\\x -> x + k) xs") ==
        "test.fut:1:58: error: cannot unify `f32` with `i32`\n"
        "    entry main (xs: []f32) (k: i32) : []f32 = map (\\x -> x + k) xs\n"
        "                                                             ^\n"
        "test.fut:1:54: note: the other operand has type `f32`\n"
        "    entry main (xs: []f32) (k: i32) : []f32 = map (\\x -> x + k) xs\n"
        "                                                         ^\n");
  CHECK(messages("def f [n] (xs: [n]f32) (ys: [n]f32) (k: i32) = map2 (\\x y -> x * y + k) xs ys") ==
        "1:70: cannot unify `f32` with `i32`");
  CHECK(messages("def f (ps: [](f32, f32)) (k: i32) = map (\\(a, b) -> a + k) ps") ==
        "1:57: cannot unify `f32` with `i32`");
  // The same through a pipe: `xs` is checked first and gives `x` its type.
  CHECK(messages("def f (xs: []f32) (k: i32) = xs |> map (\\x -> x + k)") ==
        "1:51: cannot unify `f32` with `i32`");
  CHECK(messages("def f (xs: []f32) = xs |> map (\\x -> x * 2) |> reduce (+) 0").empty());
  CHECK(messages("def f (xs: []f32) : []f32 = xs |> map (\\x -> x) |> map (\\y -> y + 1)").empty());
  CHECK(messages("def f (xs: []bool) : []i32 = xs |> map (\\x -> x + 1)") ==
        "1:47: cannot unify `bool` with a numeric type (required by operator `+`)");
  // A wrong left operand fixes the operator's type: the right one adds no second error.
  CHECK(messages("def f (b: bool) = b + 1") ==
        "1:19: cannot unify `bool` with a numeric type (required by operator `+`)");
  // Lambdas still check alone, and an annotated parameter keeps its annotation.
  CHECK(messages("def f (xs: []i32) = map (\\x -> x + 1) xs").empty());
  CHECK(messages("def f (xs: []i32) = reduce (\\a b -> a + b) 0 xs").empty());
  CHECK(messages("def f (xs: []f32) = map (\\(x: i32) -> x) xs").rfind("1:25: cannot unify `f32 -> ", 0) == 0);
}

TEST_CASE("sema: one mistake gives one error, separate mistakes one each") {
  // The body's type follows `x`, so the declared return type `i32` would also mismatch.
  CHECK(messages("def f (x: f32) (k: i32) : i32 = x + k") ==
        "1:37: cannot unify `f32` with `i32`");
  CHECK(messages("def f (x: f32) (k: i32) : f32 = (x + k) * 2 + (x - k)") ==
        "1:38: cannot unify `f32` with `i32` | 1:52: cannot unify `f32` with `i32`");
  CHECK(messages("def f (x: f32) = yy + 1\ndef g (x: f32) = zz + 1") ==
        "1:18: unknown name `yy` | 2:18: unknown name `zz`");
}
