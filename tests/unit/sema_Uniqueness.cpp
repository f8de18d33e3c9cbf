// Front-end diagnostics with exact rendered text: uniqueness (consumption, aliasing), size
// mismatches at calls and ascriptions, and sum types.
#include "sema_test_util.h"

#include <doctest/doctest.h>

#include <memory>
#include <optional>

namespace {

/// Every diagnostic, rendered (empty when the program checks).
std::string rendered(const std::string& src) {
  return fjord::sematest::checkSource(src)->diags.render();
}

} // namespace

TEST_CASE("sema: use after consumption names both places") {
  CHECK(rendered("def f (xs: *[]i32) : i32 =\n"
                 "  let ys = xs with [0] = 1\n"
                 "  in xs[0] + ys[0]\n") ==
        "test.fut:3:6: error: `xs` is used here after being consumed\n"
        "      in xs[0] + ys[0]\n"
        "         ^~\n"
        "test.fut:2:12: note: `xs` was consumed here\n"
        "      let ys = xs with [0] = 1\n"
        "               ^~\n");
}

TEST_CASE("sema: consuming a non-unique parameter through an alias") {
  CHECK(rendered("def f (xs: []i32) =\n"
                 "  let ys = xs\n"
                 "  let ys[0] = 1\n"
                 "  in ys\n") ==
        "test.fut:3:7: error: cannot consume `ys`, which aliases the non-unique parameter `xs`\n"
        "      let ys[0] = 1\n"
        "          ^~\n"
        "test.fut:1:8: note: `xs` is declared here; give it a unique type `*t` to consume it\n"
        "    def f (xs: []i32) =\n"
        "           ^~\n");
}

TEST_CASE("sema: a lambda may consume only its own parameters") {
  std::string out = rendered("def f (a: *[]i32) (is: []i64) =\n"
                             "  map (\\i -> (a with [i] = 0)[0]) is\n");
  CHECK(out.find("test.fut:2:15: error: this function consumes `a`, which is bound outside "
                 "it; a function may consume only its own parameters") == 0);
  CHECK(out.find("test.fut:1:8: note: `a` is bound here") != std::string::npos);
  // Consuming its own parameter is fine when the mapped array may be consumed.
  CHECK(rendered("def f (xss: *[][]i32) = map (\\xs -> xs with [0] = 0) xss") == "");
  CHECK(rendered("def f (xss: [][]i32) = map (\\xs -> xs with [0] = 0) xss")
            .find("test.fut:1:53: error: cannot consume the non-unique parameter `xss`") == 0);
}

TEST_CASE("sema: unique return values and unique arguments") {
  CHECK(rendered("def f (a: *[]i32) (b: []i32) : *[]i32 = if true then a else b")
            .find("test.fut:1:41: error: the unique return value of `f` aliases the non-unique "
                  "parameter `b`") == 0);
  CHECK(rendered("def g (xs: *[]i64) : *[]i64 = xs\n"
                 "def h (n: i64) = let a = iota n let b = g a in (a, b)\n")
            .find("test.fut:2:49: error: `a` is used here after being consumed") == 0);
  CHECK(rendered("def g (xs: *[]i64) : *[]i64 = xs\n"
                 "def h (n: i64) = let a = iota n let b = g (copy a) in (a, b)\n") == "");
}

TEST_CASE("sema: size mismatches name both sizes and their origins") {
  CHECK(rendered("def dot [n] (xs: [n]i32) (ys: [n]i32) = i32.sum (map2 (*) xs ys)\n"
                 "def x = dot [1, 2, 3] [4, 5]\n") ==
        "test.fut:2:23: error: size mismatch in call of `dot`: size `n` is `3` (from the first "
        "argument) but `2` here (from the second argument)\n"
        "    def x = dot [1, 2, 3] [4, 5]\n"
        "                          ^~~~~~\n"
        "test.fut:2:13: note: `n` = `3` comes from this argument\n"
        "    def x = dot [1, 2, 3] [4, 5]\n"
        "                ^~~~~~~~~\n");
  CHECK(rendered("def f [n] [m] (xs: [n]i32) (ys: [m]i32) = zip xs ys")
            .find("test.fut:1:50: error: size mismatch in call of `zip`: size `n` is `n` (from "
                  "the first argument, `xs`) but `m` here (from the second argument, `ys`)") == 0);
  CHECK(rendered("def x = [1, 2, 3] : [2]i32")
            .find("test.fut:1:9: error: size mismatch: this value has size `3` but the ascribed "
                  "type requires `2`") == 0);
  CHECK(rendered("def x = [1, 2, 3] :> [3]i32") == "");
}

TEST_CASE("sema: sum types infer from constructors and patterns") {
  CHECK(rendered("def f (x: #a i32 | #b) = match x case #a y -> y case #b -> 0") == "");
  CHECK(rendered("def f (x: #a i32 | #b) = match x case #c -> 0")
            .find("test.fut:1:39: error: type `#a i32 | #b` has no constructor `#c`") == 0);
  CHECK(rendered("def f = if true then #a 1i32 else #a true")
            .find("error: cannot unify `bool` with `i32` (the payloads of constructor `#a`)") != std::string::npos);
}
