// Programs Futhark rejects, with the location of each diagnostic: integer literals out of
// range for their inferred type, function values where they may not go, names bound twice,
// and the uniqueness rules for closures, self-aliased arguments and unique tuples.
#include "sema_test_util.h"

#include <doctest/doctest.h>

namespace {

/// Every diagnostic, rendered (empty when the program checks).
std::string rendered(const std::string& src) {
  return fjord::sematest::checkSource(src)->diags.render();
}

/// The first line of the rendered diagnostics.
std::string firstLine(const std::string& src) {
  std::string out = rendered(src);
  return out.substr(0, out.find('\n'));
}

} // namespace

TEST_CASE("sema: an unsuffixed literal must fit the type inferred for it") {
  CHECK(firstLine("def f (x: u8) : u8 = x + 256") ==
        "test.fut:1:26: error: integer literal `256` is out of range for u8, the type inferred "
        "for it");
  CHECK(firstLine("def f : i32 = 1 + 2147483648") ==
        "test.fut:1:19: error: integer literal `2147483648` is out of range for i32, the type "
        "inferred for it");
  CHECK(firstLine("def f (x: i8) : i8 = x - -129") ==
        "test.fut:1:27: error: integer literal `-129` is out of range for i8, the type inferred "
        "for it");
  // The bounds themselves fit; negation widens a signed range by one.
  CHECK(rendered("def f (x: i8) : i8 = x + 127 - -128") == "");
  CHECK(rendered("def f (x: u8) : u8 = x + 255") == "");
  CHECK(rendered("def f : i32 = -2147483648") == "");
  CHECK(rendered("def f : f32 = 3000000000") == "");
  CHECK(firstLine("def f (x: u8) : i32 = match x case 300 -> 1 case _ -> 0") ==
        "test.fut:1:36: error: integer literal `300` is out of range for u8, the type inferred "
        "for it");
}

TEST_CASE("sema: function values are not first-order data") {
  CHECK(firstLine("def f (x: i32) = let fs = [\\(y: i32) -> y, \\y -> y] in fs[0] x") ==
        "test.fut:1:27: error: arrays of functions are not allowed: the element type "
        "`(y: i32) -> i32` is functional (not first-order)");
  CHECK(firstLine("def f (b: bool) = if b then (\\(y: i32) -> y) else (\\y -> y + 1)") ==
        "test.fut:1:19: error: an `if` may not return a function: its type `(y: i32) -> i32` is "
        "functional (not first-order)");
  CHECK(firstLine("def f (n: i64) =\n"
                  "  loop g = (\\(y: i32) -> y) for i < n do (\\y -> g y + 1)") ==
        "test.fut:2:8: error: a loop parameter may not be a function: its type "
        "`(y: i32) -> i32` is functional (not first-order)");
  // One report per declaration, at the outermost offender.
  std::string twice = rendered("def f (xs: []i32) = map (\\x -> \\(y: i32) -> x + y) xs");
  CHECK(twice.find("error:") == twice.rfind("error:"));
  // Functions in tuples and records, and as arguments, are fine.
  CHECK(rendered("def f = ((\\(x: i32) -> x), {g = \\(y: i32) -> y})") == "");
  CHECK(rendered("def f (xs: []i32) = map (\\x -> x + 1) xs") == "");
}

TEST_CASE("sema: a pattern or parameter list binds a name once") {
  CHECK(rendered("def f (x: i32) (x: i32) : i32 = x") ==
        "test.fut:1:17: error: `x` is bound twice in the same pattern\n"
        "    def f (x: i32) (x: i32) : i32 = x\n"
        "                    ^\n"
        "test.fut:1:8: note: `x` is also bound here\n"
        "    def f (x: i32) (x: i32) : i32 = x\n"
        "           ^\n");
  CHECK(firstLine("def f (x: i32) = let (a, {a}) = (x, {a = x}) in a") ==
        "test.fut:1:27: error: `a` is bound twice in the same pattern");
  // Shadowing in nested patterns is fine.
  CHECK(rendered("def f (x: i32) = let x = x + 1 in let (x, y) = (x, x) in x + y") == "");
}

TEST_CASE("sema: uniqueness of closures, call arguments and unique tuples") {
  CHECK(rendered("def f (xs: *[]i32) =\n"
                 "  let get = \\(i: i64) -> xs[i]\n"
                 "  let ys = xs with [0] = 1\n"
                 "  in get 0 + ys[0]\n") ==
        "test.fut:4:6: error: `get` is used here after being consumed\n"
        "      in get 0 + ys[0]\n"
        "         ^~~\n"
        "test.fut:3:12: note: `xs` was consumed here\n"
        "      let ys = xs with [0] = 1\n"
        "               ^~\n");
  CHECK(firstLine("def g (a: *[]i32) (b: []i32) : []i32 = a with [0] = b[0]\n"
                  "def f (xs: *[]i32) = g xs xs") ==
        "test.fut:2:27: error: this argument aliases `xs`, which the same call consumes");
  CHECK(firstLine("def g (a: *[]i32) : (*[]i32, *[]i32) = (a, a)") ==
        "test.fut:1:40: error: components 0 and 1 of the unique return value of `g` alias each "
        "other (both hold `a`)");
  // A closure used before the consumption, and distinct unique components, are fine.
  CHECK(rendered("def f (xs: *[]i32) =\n"
                 "  let get = \\(i: i64) -> xs[i]\n"
                 "  let v = get 0\n"
                 "  in (xs with [0] = v)[1]\n") == "");
  CHECK(rendered("def g (a: *[]i32) : (*[]i32, *[]i32) = (a, copy a)") == "");
}
