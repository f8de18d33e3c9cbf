// Unit tests of the parser on whole programs: declarations, types, patterns, and the
// source spans recorded on AST nodes.
#include "syntax/ModuleAst.h"
#include "syntax_test_util.h"

#include <doctest/doctest.h>

using namespace fjord;
using fjord::syntax_test::prog;

TEST_CASE("syntax: the first end-to-end programs parse") {
  const char* src =
      "entry scale (xs: []f32) : []f32 = map (\\x -> 2 * x + 1) xs\n"
      "entry sum (xs: []f32) : f32 = reduce (+) 0 xs\n"
      "entry dot (xs: []f32) (ys: []f32) : f32 = reduce (+) 0 (map2 (*) xs ys)\n"
      "entry rowsums [n][m] (a: [n][m]f64) : [n]f64 = map (\\r -> reduce (+) 0 r) a\n"
      "entry argmax (xs: []i32) : (i32, i64) = reduce (\\(a,i) (b,j) -> if a > b || (a == b "
      "&& i < j) then (a,i) else (b,j)) (i32.lowest, -1) (zip xs (iota (length xs)))\n";
  CHECK(prog(src) ==
        "entry scale (xs : []f32) : []f32 = (apply map (lambda (x) (+ (* 2 x) 1)) xs)\n"
        "entry sum (xs : []f32) : f32 = (apply reduce (section + _ _) 0 xs)\n"
        "entry dot (xs : []f32) (ys : []f32) : f32 = (apply reduce (section + _ _) 0 (apply "
        "map2 (section * _ _) xs ys))\n"
        "entry rowsums [n] [m] (a : [n][m]f64) : [n]f64 = (apply map (lambda (r) (apply reduce "
        "(section + _ _) 0 r)) a)\n"
        "entry argmax (xs : []i32) : (i32, i64) = (apply reduce (lambda ((a, i) (b, j)) (if (|| "
        "(> a b) (&& (== a b) (< i j))) (tuple a i) (tuple b j))) (tuple i32.lowest (neg 1)) "
        "(apply zip xs (apply iota (apply length xs))))\n");
}

TEST_CASE("syntax: value declarations") {
  CHECK(prog("def (+^) (a: i32) (b: i32) : i32 = a + b") ==
        "def +^ (a : i32) (b : i32) : i32 = (+ a b)\n");
  CHECK(prog("def id 'a (x: a) : a = x") == "def id 'a (x : a) : a = x\n");
  CHECK(prog("def f '^a '~b [n] (x: a) = x") == "def f '^a '~b [n] (x : a) = x\n");
  CHECK(prog("let x = 1\ndef y = 2") == "def x = 1\ndef y = 2\n");
  CHECK(prog("#[inline] def f x = x") == "#[inline] def f x = x\n");
  CHECK(prog("local def x = 1") == "local def x = 1\n");
  CHECK(prog("def f {x, y} (a, b) () _ = x") == "def f {x = x, y = y} (a, b) () _ = x\n");
  CHECK(prog("-- | Doc.\ndef x = 1 -- trailing\n-- done\n") == "def x = 1\n");
}

TEST_CASE("syntax: type declarations and type expressions") {
  CHECK(prog("type t = i32") == "type t = i32\n");
  CHECK(prog("type^ f 'a = a -> a") == "type^ f 'a = a -> a\n");
  CHECK(prog("type~ s = ?[n].[n]i32") == "type~ s = ?[n].[n]i32\n");
  CHECK(prog("type r = {x: f32, y: f32}") == "type r = {x: f32, y: f32}\n");
  CHECK(prog("type opt 'a = #some a | #none") == "type opt 'a = #some a | #none\n");
  CHECK(prog("type t [n] = [n]i32") == "type t [n] = [n]i32\n");
  CHECK(prog("type^ t '^a '~b = a") == "type^ t '^a '~b = a\n");
  CHECK(prog("def f (n: i64) : (m: i64) -> [m]i32 = g") ==
        "def f (n : i64) : (m: i64) -> [m]i32 = g\n");
  CHECK(prog("def f (xs: *[]i32) : *[]i32 = xs") == "def f (xs : *[]i32) : *[]i32 = xs\n");
  CHECK(prog("def f (x: opt i32) (y: (i32, f32)) (z: [3]bool) (g: i32 -> i32 -> i32) = x") ==
        "def f (x : opt i32) (y : (i32, f32)) (z : [3]bool) (g : i32 -> i32 -> i32) = x\n");
  CHECK(prog("def f (g: (i32 -> i32) -> i32) = g") == "def f (g : (i32 -> i32) -> i32) = g\n");
  CHECK(prog("def f (x: [2][3]i32) = x") == "def f (x : [2][3]i32) = x\n");
}

TEST_CASE("syntax: type expression structure") {
  DiagnosticEngine diags;
  auto p = parseProgram(syntax_test::makeFile("def f (a: [n][]f64) = a"), diags);
  REQUIRE(p);
  const ast::Pattern& param = *p->decls[0]->params[0];
  REQUIRE(param.kind == ast::Pattern::Kind::Ascribed);
  const ast::TypeExp& outer = *param.typeExp;
  REQUIRE(outer.kind == ast::TypeExp::Kind::Array);
  CHECK(outer.dimName == "n");
  const ast::TypeExp& inner = *outer.args[0];
  REQUIRE(inner.kind == ast::TypeExp::Kind::Array);
  CHECK_FALSE(inner.dimName.has_value());
  CHECK_FALSE(inner.dimConst.has_value());
  CHECK(inner.args[0]->kind == ast::TypeExp::Kind::Named);
  CHECK(inner.args[0]->name.base == "f64");
}

TEST_CASE("syntax: imports, open, and module declarations") {
  DiagnosticEngine diags;
  auto p = parseProgram(syntax_test::makeFile("import \"lib/foo\"\nopen foo\ndef x = 1"), diags);
  REQUIRE(p);
  REQUIRE(p->decls.size() == 3);
  CHECK(p->decls[0]->kind == ast::Decl::Kind::Import);
  CHECK(p->decls[0]->path == "lib/foo");
  REQUIRE(p->decls[1]->kind == ast::Decl::Kind::Module);
  CHECK(p->decls[1]->module->kind == ast::ModuleDecl::Kind::Open);
  CHECK(p->decls[1]->module->body->name.base == "foo");
}

TEST_CASE("syntax: open import and size arguments of type abbreviations") {
  DiagnosticEngine diags;
  auto p = parseProgram(syntax_test::makeFile("open import \"lib/a\"\nlocal import \"b\""), diags);
  REQUIRE(p);
  REQUIRE(p->decls.size() == 2);
  CHECK(p->decls[0]->kind == ast::Decl::Kind::Open);
  CHECK(p->decls[0]->path == "lib/a");
  REQUIRE(p->decls[1]->kind == ast::Decl::Kind::Local);
  CHECK(p->decls[1]->inner->kind == ast::Decl::Kind::Import);
  CHECK(prog("open import \"lib/a\"") == "open import \"lib/a\"\n");
  // `[` after a type's name starts a size argument; an array argument needs parentheses.
  CHECK(prog("def f (x: vec [n]) = x") == "def f (x : vec [n]) = x\n");
  CHECK(prog("def f (x: arr [3] i32) = x") == "def f (x : arr [3] i32) = x\n");
  CHECK(prog("def f (x: opt ([3]i32)) = x") == "def f (x : opt ([3]i32)) = x\n");
  auto q = parseProgram(syntax_test::makeFile("def f (x: m [a] [] f32) = x"), diags);
  REQUIRE(q);
  const ast::TypeExp& app = *q->decls[0]->params[0]->typeExp;
  REQUIRE(app.args.size() == 3);
  CHECK(app.args[0]->kind == ast::TypeExp::Kind::Array);
  CHECK(app.args[0]->args.empty());
  CHECK(app.args[0]->dimName == "a");
  CHECK(app.args[1]->args.empty());
  CHECK_FALSE(app.args[1]->dimName.has_value());
  CHECK(app.args[2]->kind == ast::TypeExp::Kind::Named);
}

TEST_CASE("syntax: spans of nodes") {
  DiagnosticEngine diags;
  auto p = parseProgram(syntax_test::makeFile("def f (x: i32) =\n  x + g (y*2)\n"), diags);
  REQUIRE(p);
  const ast::Decl& d = *p->decls[0];
  CHECK(d.span.line == 1);
  CHECK(d.span.col == 1);
  CHECK(d.span.endLine == 2);
  CHECK(d.span.endCol == 14);
  CHECK(d.name.span.col == 5);
  CHECK(d.name.span.endCol == 6);
  const ast::Pattern& param = *d.params[0];
  CHECK(param.span.col == 7); // the parentheses belong to the pattern
  CHECK(param.span.endCol == 15);
  const ast::Expr& body = *d.body; // x + g (y*2)
  REQUIRE(body.kind == ast::Expr::Kind::BinOp);
  CHECK(body.span.line == 2);
  CHECK(body.span.col == 3);
  CHECK(body.span.endCol == 14);
  CHECK(body.name.span.col == 5); // the operator
  const ast::Expr& app = *body.elems[1];
  REQUIRE(app.kind == ast::Expr::Kind::Apply);
  CHECK(app.span.col == 7);
  const ast::Expr& arg = *app.elems[1]; // (y*2), parentheses included
  CHECK(arg.kind == ast::Expr::Kind::BinOp);
  CHECK(arg.span.col == 9);
  CHECK(arg.span.endCol == 14);
  CHECK(arg.elems[0]->span.col == 10);
  CHECK(arg.elems[0]->span.endCol == 11);
}

TEST_CASE("syntax: spans count bytes after multi-byte characters") {
  DiagnosticEngine diags;
  auto p = parseProgram(syntax_test::makeFile("def s = (\"\xce\xbb\xce\xbb\", x)"), diags);
  REQUIRE(p);
  const ast::Expr& tuple = *p->decls[0]->body;
  CHECK(tuple.elems[0]->span.col == 10);
  CHECK(tuple.elems[0]->span.endCol == 16); // two 2-byte characters and two quotes
  CHECK(tuple.elems[1]->span.col == 18);
}
