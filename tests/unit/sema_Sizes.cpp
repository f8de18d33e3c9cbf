// Size types in the checker: sizes of call results, flexible and rigid sizes, existential
// sizes of `filter`, `if` and loops, and the text and location of "size mismatch".
#include "sema/Check.h"

#include <doctest/doctest.h>

#include <memory>
#include <optional>

namespace fjord::sematest {
struct Checked {
  std::vector<ast::Program> files;
  std::optional<sema::CheckedProgram> program;
  DiagnosticEngine diags;
};
std::unique_ptr<Checked> checkSource(const std::string& text); // sema_Frontend.cpp
} // namespace fjord::sematest

namespace {

using fjord::sematest::checkSource;

/// All diagnostics, rendered (empty when the program checks).
std::string errors(const std::string& src) { return checkSource(src)->diags.render(); }

/// The type of the user's top-level definition `name`.
std::string declType(const std::string& src, const std::string& name) {
  auto c = checkSource(src);
  if (!c->program)
    return c->diags.render();
  for (const auto& d : c->files.back().decls)
    if (d->name.base == name)
      return d->type->str();
  return "?";
}

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
