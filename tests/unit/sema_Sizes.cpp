// Size types in the checker: sizes of call results, flexible and rigid sizes, existential
// sizes of `filter`, `if` and loops, and the text and location of "size mismatch".
#include "sema_test_util.h"

#include <doctest/doctest.h>

#include <memory>
#include <optional>

namespace {

using fjord::sematest::checkSource;
using fjord::sematest::declType;

/// All diagnostics, rendered (empty when the program checks).
std::string errors(const std::string& src) { return checkSource(src)->diags.render(); }

} // namespace

TEST_CASE("sema: call results carry the sizes of the arguments") {
  const std::string inc = "def inc [n] (xs: [n]i32) : [n]i32 = map (+ 1) xs\n";
  CHECK(declType(inc + "def g [m] (ys: [m]i32) = zip (inc ys) ys", "g") ==
        "(ys: [m]i32) -> [m](i32, i32)");
  CHECK(declType("def g (k: i64) = map2 (+) (iota k) (replicate k 1)", "g") ==
        "(k: i64) -> [k]i64");
  CHECK(declType("def g = zip (iota 3) [1, 2, 3]", "g") == "[3](i64, i32)");
  CHECK(errors(inc + "def g [m] (ys: [m]i32) = zip (inc ys) ys") == "");
}

TEST_CASE("sema: a size mismatch names both sizes and where they come from") {
  CHECK(errors("def f [n] [m] (xs: [n]i32) (ys: [m]i32) : [n]i32 = ys") ==
        "test.fut:1:52: error: size mismatch: size `n` differs from size `m` (cannot unify "
        "`[n]i32` with `[m]i32`)\n"
        "    def f [n] [m] (xs: [n]i32) (ys: [m]i32) : [n]i32 = ys\n"
        "                                                       ^~\n"
        "test.fut:1:7: note: `n` is a size parameter of `f`\n"
        "    def f [n] [m] (xs: [n]i32) (ys: [m]i32) : [n]i32 = ys\n"
        "          ^~~\n"
        "test.fut:1:11: note: `m` is a size parameter of `f`\n"
        "    def f [n] [m] (xs: [n]i32) (ys: [m]i32) : [n]i32 = ys\n"
        "              ^~~\n"
        "test.fut:1:43: note: return type declared here\n"
        "    def f [n] [m] (xs: [n]i32) (ys: [m]i32) : [n]i32 = ys\n"
        "                                              ^~~~~~\n");
  std::string e = errors("def f (xs: []i32) = zip (filter (> 0) xs) (filter (< 0) xs)");
  CHECK(e.find("test.fut:1:43: error: size mismatch in call of `zip`: size `n` is `ext'") == 0);
  CHECK(e.find("(from the first argument) but `ext'") != std::string::npos);
  CHECK(e.find("test.fut:1:25: note: `n` = `ext'") != std::string::npos);
  CHECK(e.find("test.fut:1:44: note: `ext'") != std::string::npos);
  CHECK(e.find("is the size of the result of `filter` here") != std::string::npos);
}

TEST_CASE("sema: if, match and loops give changing sizes an existential size") {
  std::string ifType =
      declType("def f [n] [m] (b: bool) (xs: [n]i32) (ys: [m]i32) = if b then xs else ys", "f");
  CHECK(ifType.find("-> [ext'") != std::string::npos);
  CHECK(declType("def f [n] (b: bool) (xs: [n]i32) = if b then xs else map (+ 1) xs", "f") ==
        "(b: bool) -> (xs: [n]i32) -> [n]i32");
  CHECK(declType("def f [n] (xs: [n]i32) = loop acc = xs for i < 3 do map (+ 1) acc", "f") ==
        "(xs: [n]i32) -> [n]i32");
  CHECK(declType("def f [n] (xs: [n]i32) = loop acc = xs for i < 3 do concat acc acc", "f")
            .find("-> [ext'") != std::string::npos);
  CHECK(errors("def f [n] (b: bool) (xs: [n]i32) = zip (if b then xs else [1]) xs")
            .find("test.fut:1:64: error: size mismatch in call of `zip`: size `n` is `ext'") == 0);
}

TEST_CASE("sema: ascription is static, coercion is not") {
  CHECK(errors("def f [n] (xs: [n]i32) : [3]i32 = (xs : [3]i32)") ==
        "test.fut:1:36: error: size mismatch: this value has size `n` but the ascribed type "
        "requires `3`; use `:>` to check the size at run time\n"
        "    def f [n] (xs: [n]i32) : [3]i32 = (xs : [3]i32)\n"
        "                                       ^~\n"
        "test.fut:1:7: note: `n` is a size parameter of `f`\n"
        "    def f [n] (xs: [n]i32) : [3]i32 = (xs : [3]i32)\n"
        "          ^~~\n");
  CHECK(errors("def f [n] (xs: [n]i32) : [3]i32 = (xs :> [3]i32)") == "");
}

TEST_CASE("sema: an existential result size is one name per call") {
  const std::string twice = "def twice (xs: []i32) : ?[k].([k]i32, [k]i32) =\n"
                            "  let ys = filter (> 0) xs in (ys, ys)\n";
  CHECK(errors(twice + "def g (xs: []i32) = let (a, b) = twice xs in zip a b") == "");
  CHECK(errors(twice + "def g (xs: []i32) = let (a, _) = twice xs\n"
                       "                    let (b, _) = twice xs in zip a b")
            .find("test.fut:4:52: error: size mismatch in call of `zip`") == 0);
}

TEST_CASE("sema: sizes refer to bindings, not spellings") {
  // A function's result whose size is a local of its body is existential at each call.
  CHECK(declType("def f (n: i64) = iota n", "f") == "(n: i64) -> [n]i64");
  CHECK(declType("def f (n: i64) = let n = n + 1 in iota n", "f").find("(n: i64) -> [ext'") ==
        0);
  std::string e = errors("def f (n: i64) = let n = n + 1 in iota n\n"
                         "def g (n: i64) = zip (f n) (iota n)");
  CHECK(e.find("test.fut:2:28: error: size mismatch in call of `zip`: size `n` is `ext'") == 0);
  CHECK(e.find("(from the first argument) but `n` here (from the second argument)\n") !=
        std::string::npos);
  CHECK(e.find("test.fut:1:22: note: `n` is the variable bound here, in the body of `f`\n") !=
        std::string::npos);
  CHECK(e.find("test.fut:2:8: note: `n` is the variable bound here\n") != std::string::npos);
  CHECK(e.find("#") == std::string::npos); // never the internal uid

  // Inside a body, `iota n` before and after `let n = n + 1` differ.
  CHECK(errors("def g (n: i64) = let a = iota n let n = n + 1 in zip a (iota n)") ==
        "test.fut:1:56: error: size mismatch in call of `zip`: size `n` is `n` (from the first "
        "argument, `a`) but `n` here (from the second argument); these are two different "
        "variables named `n`\n"
        "    def g (n: i64) = let a = iota n let n = n + 1 in zip a (iota n)\n"
        "                                                           ^~~~~~~~\n"
        "test.fut:1:54: note: `n` = `n` comes from this argument\n"
        "    def g (n: i64) = let a = iota n let n = n + 1 in zip a (iota n)\n"
        "                                                         ^\n"
        "test.fut:1:8: note: `n` is the variable bound here\n"
        "    def g (n: i64) = let a = iota n let n = n + 1 in zip a (iota n)\n"
        "           ^\n"
        "test.fut:1:37: note: `n` is the variable bound here\n"
        "    def g (n: i64) = let a = iota n let n = n + 1 in zip a (iota n)\n"
        "                                        ^\n");
  // The shadowing `n` is used consistently, in a declared type too.
  CHECK(errors("def g (n: i64) = let n = n + 1 in zip (iota n : [n]i64) (replicate n 0i32)") ==
        "");
  CHECK(declType("def g (n: i64) = let n = n + 1 in zip (iota n) (replicate n 0i32)", "g")
            .find("(n: i64) -> [ext'") == 0);
}

TEST_CASE("sema: a size that leaves its scope becomes existential") {
  // A `let`.
  std::string e = errors("def g (k: i64) = let ys = let m = k + 1 in iota m in zip ys (iota k)");
  CHECK(e.find("test.fut:1:61: error: size mismatch in call of `zip`: size `n` is `ext'") == 0);
  CHECK(e.find("is the size `m`, whose variable is not in scope outside this\n") !=
        std::string::npos);
  CHECK(e.find("test.fut:1:31: note: `m` is the variable bound here\n") != std::string::npos);
  CHECK(errors("def g (k: i64) = let ys = let m = k + 1 in iota m in length ys") == "");
  // A lambda's local, a loop body's local.
  CHECK(declType("def g [n] (xs: [n]i32) = map (\\_ -> let m = 2 in iota m) xs", "g")
            .find("(xs: [n]i32) -> [n][ext'") == 0);
  CHECK(declType("def g (k: i64) = loop xs = iota k for i < 3 do let m = i in iota m", "g")
            .find("(k: i64) -> [ext'") == 0);
  // A lambda's named parameter stays bound by its arrow.
  CHECK(declType("def g (k: i64) = (\\(m: i64) -> iota m) k", "g") == "(k: i64) -> [k]i64");
}

TEST_CASE("sema: the anonymous sizes of a named function's parameters are inferred") {
  // As in Futhark: two `[]` used together become one size.
  CHECK(errors("def f (xs: []i32) (ys: []i32) = map2 (+) xs ys") == "");
  CHECK(errors("def f (a: [][]i32) = map2 (map2 (+)) a (transpose a)") == "");
  // But not a size that only exists in the body: reported at the parameter.
  CHECK(errors("def h (xs: []i32) : []i32 = xs\ndef f (xs: []i32) = map2 (+) (h xs) xs")
            .find("test.fut:2:7: error: size mismatch: the type of this parameter is `[ext'") == 0);
  CHECK(errors("def f [n] (xs: [n]i32) (ys: [n]i32) = map2 (+) xs ys") == "");
  // At a use they are instantiated like size parameters: the result has the argument's size.
  CHECK(declType("def inc (xs: []i32) = map (+ 1) xs\ndef g [m] (ys: [m]i32) = zip (inc ys) ys",
                 "g") == "(ys: [m]i32) -> [m](i32, i32)");
  CHECK(declType("def inc (xs: [][]i32) = xs", "inc") == "(xs: [][]i32) -> [][]i32");
  // Not in scope as values; a lambda's `[]` and one under a function type stay inferred.
  CHECK(errors("def f (xs: []i32) = xs_len").find("unknown name `xs_len`") != std::string::npos);
  CHECK(errors("def f (k: i64) = (\\(xs: []i32) (ys: []i32) -> map2 (+) xs ys) (iota k |> "
               "map i32.i64) (replicate k 1)") == "");
  CHECK(errors("def f (g: []i32 -> i32) (k: i64) = g (replicate k 1)") == "");
}

TEST_CASE("sema: a size of the body cannot escape through a parameter's type variable") {
  const std::string pick = "def pick 't (a: t) (b: t) : t = b\n";
  CHECK(errors(pick + "def g x (k: i64) = let n = k + 1 in length (pick x (iota n))") ==
        "test.fut:2:7: error: size `n` goes out of scope: the type of this parameter is "
        "`[n]i64`, but `n` is bound inside the function's body\n"
        "    def g x (k: i64) = let n = k + 1 in length (pick x (iota n))\n"
        "          ^\n"
        "test.fut:2:24: note: `n` is the variable bound here\n"
        "    def g x (k: i64) = let n = k + 1 in length (pick x (iota n))\n"
        "                           ^\n");
  // The same in a local function, with the size bound in a loop.
  CHECK(errors(pick + "def g (k: i64) (ys: []i64) =\n"
                      "  let h y = loop a = 0 for i < 2 do let m = k + i in a + length (pick y "
                      "(iota m))\n"
                      "  in h ys")
            .find("test.fut:3:9: error: size `m` goes out of scope") != std::string::npos);
  // Sizes named by earlier parameters, or by variables outside the function, are in scope.
  CHECK(errors(pick +
               "def g (k: i64) = (\\(n: i64) (xs: [n]i64) -> pick xs (iota n)) k (iota k)") == "");
  CHECK(errors(pick + "def g (k: i64) = let f = \\x -> length (pick x (iota k)) in f (iota k)") ==
        "");
}

TEST_CASE("sema: size parameters of a let name the sizes of the bound value") {
  // The named size is an i64 variable; it sizes later types and escapes as existential.
  CHECK(declType("def f (xs: []i32) = let [m] (ys: [m]i32) = filter (> 0) xs in (m, ys)",
                 "f")
            .find("-> (i64, [ext'") != std::string::npos);
  CHECK(declType("def f [n] (xs: [n]i32) = let [m] (ys: [m]i32) = xs in map2 (+) ys ys", "f")
            .find("(xs: [n]i32) -> [ext'") == 0);
  CHECK(errors("def f (xs: []i32) = let [m] (ys: [m]i32) = xs in replicate m 0 : [m]i32") ==
        "");
  CHECK(errors("def f (xs: []i32) = let [m] (ys: []i32) = xs in ys")
            .find("test.fut:1:26: error: size parameter `m` is not used in the pattern's type") ==
        0);
  CHECK(errors("def f (xs: []i32) = let [m] (ys: [m]i32) = xs in map2 (+) ys xs")
            .find("test.fut:1:7: error: size `m` goes out of scope") == 0);
}

TEST_CASE("sema: size expressions in types check their names and operand types") {
  CHECK(errors("def snoc [n] (xs: [n]i32) (x: i32) : [n+1]i32 = xs ++ [x]") == "");
  CHECK(errors("def g (n: i64) (m: i64) : [n*m]i64 = iota (n * m)") == "");
  CHECK(errors("def f [n] (xs: [n]i32) : [n+q]i32 = xs")
            .find("test.fut:1:29: error: unknown size `q`") == 0);
  CHECK(errors("def f [n] (xs: [n]i32) (b: bool) : [n+b]i32 = xs")
            .find("test.fut:1:39: error: cannot unify") == 0);
}

TEST_CASE("sema: size expressions are normalised sizes that calls substitute into") {
  // `1+n` and `n+1` are one size; `++` gives `n+m`, `iota (k+1)` gives `k+1`.
  CHECK(declType("def g [n] (xs: [n]i32) = [0] ++ xs", "g") == "(xs: [n]i32) -> [n+1]i32");
  CHECK(declType("def g [n] [m] (xs: [n]i32) (ys: [m]i32) = concat ys xs", "g") ==
        "(xs: [n]i32) -> (ys: [m]i32) -> [m+n]i32");
  CHECK(declType("def g (k: i64) = iota (k + 1)", "g") == "(k: i64) -> [k+1]i64");
  CHECK(declType("def g [n] (xs: [n]i32) = flatten [xs, xs]", "g") ==
        "(xs: [n]i32) -> [2*n]i32");
  CHECK(declType("def g [n] (xs: [n]i32) = xs[2:]", "g") == "(xs: [n]i32) -> [n-2]i32");
  // A flexible size inside an expression is solved: `snoc ys` binds `n` from `m+1`.
  const std::string snoc = "def snoc [n] (xs: [n]i32) : [n+1]i32 = xs ++ [1]\n";
  CHECK(errors(snoc + "def g [m] (ys: [m]i32) : [1+m]i32 = snoc ys") == "");
  CHECK(errors(snoc + "def g [m] (_: [m]i32) (ys: [m+1]i32) : [m+2]i32 = snoc ys") == "");
  // A size expression does not bind a size parameter (it is not a constructive use).
  CHECK(errors(snoc + "def g [m] (ys: [m+1]i32) : [m+2]i32 = snoc ys")
            .find("error: size parameter `m` is not used in any parameter type") !=
        std::string::npos);
  CHECK(errors(snoc + "def g [m] (ys: [m]i32) : [m]i32 = snoc ys")
            .find("test.fut:2:35: error: size mismatch: size `m` differs from size `m+1`") == 0);
}
