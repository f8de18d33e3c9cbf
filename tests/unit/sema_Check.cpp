// Type checker tests: diagnostics (text and exact location) and inferred types.
#include "sema_test_util.h"

#include <doctest/doctest.h>

#include <memory>
#include <optional>

namespace {

using fjord::sematest::checkSource;
using fjord::sematest::declType;

/// The first diagnostic, rendered (empty when the program checks).
std::string firstError(const std::string& src) {
  auto c = checkSource(src);
  if (c->diags.all().empty())
    return "";
  return c->diags.all()[0].render();
}

} // namespace

TEST_CASE("sema: mismatch names both types at the offending expression") {
  CHECK(firstError("entry f (x: i32) : f32 = x") ==
        "test.fut:1:26: error: cannot unify `f32` with `i32`\n"
        "    entry f (x: i32) : f32 = x\n"
        "                             ^\n"
        "test.fut:1:20: note: return type declared here\n"
        "    entry f (x: i32) : f32 = x\n"
        "                       ^~~\n");
  CHECK(firstError("def f (x: f32) (y: i32) = x + y").find(
            "test.fut:1:31: error: cannot unify `f32` with `i32`") == 0);
  CHECK(firstError("def f (b: bool) = if b then 1 else true").find(
            "test.fut:1:36: error: cannot unify") == 0);
}

TEST_CASE("sema: constraint errors explain the overloading") {
  CHECK(firstError("def f (b: bool) = b + b").find(
            "error: cannot unify `bool` with a numeric type (required by operator `+`)") !=
        std::string::npos);
  CHECK(firstError("def f (x: f32) = x << x").find(
            "cannot unify `f32` with an integer type (required by operator `<<`)") !=
        std::string::npos);
  CHECK(firstError("def f = 1.5 : i32").find("floating-point literal") != std::string::npos);
}

TEST_CASE("sema: unknown names, fields and unsupported constructs") {
  CHECK(firstError("def f = y").find("test.fut:1:9: error: unknown name `y`") == 0);
  CHECK(firstError("def f = i32.nosuch").find("error: unknown name `i32.nosuch`") !=
        std::string::npos);
  CHECK(firstError("def f = __map").find("error: unknown name `__map`") != std::string::npos);
  CHECK(firstError("def f (x: i32) = x.foo").find("type `i32` has no field `foo`") !=
        std::string::npos);
  CHECK(firstError("def f (x: [n]i32) = x").find("error: unknown size `n`") != std::string::npos);
  CHECK(firstError("entry f (x: i32) = [#some x]").find(
            "test.fut:1:7: error: an array of a sum type in an entry point result is not "
            "supported yet") == 0);
  CHECK(firstError("entry f (xs: [](#a | #b i32)) = 0").find(
            "test.fut:1:9: error: an array of a sum type in an entry point parameter is not "
            "supported yet") == 0);
  CHECK(firstError("type t = #a | #b | #a").find("error: constructor `#a` appears more than once") !=
        std::string::npos);
  CHECK(firstError("module M = { def x = 1 }\ndef y = M.z").find(
            "test.fut:2:9: error: module `M` has no value `z`") == 0);
  CHECK(firstError("def f [n] (x: i32) = x").find(
            "test.fut:1:7: error: size parameter `n` is not used in any parameter type") == 0);
  CHECK(firstError("def f (x: unknown) = x").find("error: unknown type `unknown`") !=
        std::string::npos);
  CHECK(firstError("def f (x: i32) = x 1").find("it is not a function") != std::string::npos);
  CHECK(firstError("def f (xs: []i32) = xs[0, 1]").find("too many indices") != std::string::npos);
}

TEST_CASE("sema: entry points must be first-order and monomorphic") {
  CHECK(firstError("entry f x = x").find("entry point `f` has a polymorphic type") !=
        std::string::npos);
  CHECK(firstError("entry f (g: i32 -> i32) : i32 = g 1").find(
            "entry point parameter has a function type") != std::string::npos);
  CHECK(firstError("entry f 't (x: t) : t = x").find("cannot have type parameters") !=
        std::string::npos);
}

TEST_CASE("sema: inference with let-polymorphism and literal defaulting") {
  std::string id = declType("def id x = x", "id"); // `?N -> ?N`
  CHECK(id.substr(0, id.find(' ')) == id.substr(id.rfind(' ') + 1));
  CHECK(id[0] == '?');
  CHECK(declType("def k = 1", "k") == "i32");
  CHECK(declType("def k = 1.5", "k") == "f64");
  CHECK(declType("def k (x: u8) = x + 1", "k") == "(x: u8) -> u8");
  CHECK(declType("def pair = let f x = (x, x) in (f 1i8, f true)", "pair") ==
        "((i8, i8), (bool, bool))");
  // A field access fixes the record type only within its own top-level definition (Futhark
  // has no row polymorphism): a local function's use fixes it, a later definition's cannot.
  CHECK(declType("def h = let g xs = map (\\x -> x.1) xs in g [(1, 2.0f32)]", "h") == "[]f32");
  CHECK(declType("def g xs = map (\\x -> x.1) xs\ndef h = g [(1, 2.0f32)]", "h")
            .find("type is ambiguous: it must be a record with the field `1`") !=
        std::string::npos);
  // Operands that only an operator constrains default to i32 there, as in Futhark.
  CHECK(declType("def add x y = x + y", "add") == "i32 -> i32 -> i32");
  // `[]` in a parameter is an inferred size; unbound, it stays unknown (sema_Sizes.cpp).
  CHECK(declType("def s (xs: []f32) = reduce (+) 0 xs", "s") == "(xs: []f32) -> f32");
  CHECK(declType("def r [n] (a: [n]f64) : [n]f64 = a", "r") == "(a: [n]f64) -> [n]f64");
  CHECK(declType("def t = {y = 1u16, x = true}", "t") == "{x: bool, y: u16}");
  CHECK(declType("def l = loop (a, b) = (0, 1) for i < 10i64 do (b, a + b)", "l") == "(i32, i32)");
}

TEST_CASE("sema: uses of polymorphic names record their instantiation") {
  auto c = checkSource("def f (xs: []f32) = map (\\x -> x) xs");
  REQUIRE(c->program);
  const fjord::ast::Expr& body = *c->files.back().decls[0]->body;
  REQUIRE(body.kind == fjord::ast::Expr::Kind::Apply);
  CHECK(body.elems[0]->type->str() == "(f32 -> f32) -> []f32 -> []f32");
  const fjord::ast::Decl* map = c->program->findDecl(body.elems[0]->name.uid);
  REQUIRE(map);
  CHECK(map->name.base == "map");
}
