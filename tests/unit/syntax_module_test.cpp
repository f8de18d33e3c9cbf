// The module language's AST (syntax/ModuleAst.h): module bindings, functors, module
// types and their specifications, `with`, application, and `M.(e)`.
#include "syntax/ModuleAst.h"
#include "syntax_test_util.h"

#include <doctest/doctest.h>

using namespace fjord;

namespace {

std::optional<ast::Program> parse(const std::string& src, DiagnosticEngine& diags) {
  return parseProgram(syntax_test::makeFile(src), diags);
}

} // namespace

TEST_CASE("syntax: module bindings, functors and applications") {
  DiagnosticEngine diags;
  auto p = parse("module F (P: S) (Q: T) : R = { def x = P.y }\n"
                 "module M = F {def y = 1} (G N) : R\n",
                 diags);
  REQUIRE(p);
  REQUIRE(p->decls.size() == 2);
  const ast::ModuleDecl& f = *p->decls[0]->module;
  CHECK(f.kind == ast::ModuleDecl::Kind::Bind);
  CHECK(f.name.base == "F");
  REQUIRE(f.params.size() == 2);
  CHECK(f.params[1].name == "Q");
  CHECK(f.sig->name.base == "R");
  CHECK(f.body->kind == ast::ModExp::Kind::Struct);
  CHECK(f.body->decls.size() == 1);
  const ast::ModExp& m = *p->decls[1]->module->body;
  REQUIRE(m.kind == ast::ModExp::Kind::Ascribe);
  REQUIRE(m.fn->kind == ast::ModExp::Kind::Apply); // (F {..}) (G N)
  CHECK(m.fn->arg->kind == ast::ModExp::Kind::Apply);
  CHECK(m.fn->fn->kind == ast::ModExp::Kind::Apply);
  CHECK(m.fn->fn->arg->kind == ast::ModExp::Kind::Struct);
  CHECK(m.fn->fn->fn->name.base == "F");
  CHECK(p->decls[1]->span.line == 2);
  CHECK(m.fn->fn->arg->span.col == 14);
}

TEST_CASE("syntax: module types, specifications and refinement") {
  DiagnosticEngine diags;
  auto p = parse("module type S = { type t 'a\n type u = i32\n val f [n] : [n]u -> t u\n"
                 " val (+) : u -> u -> u\n include B\n module N : C }\n"
                 "module type W = S with t 'a = [2]a with N.k = f32\n",
                 diags);
  REQUIRE(p);
  const ast::SigExp& s = *p->decls[0]->module->sig;
  REQUIRE(s.kind == ast::SigExp::Kind::Specs);
  REQUIRE(s.specs.size() == 6);
  CHECK(s.specs[0].kind == ast::Spec::Kind::Type);
  CHECK_FALSE(s.specs[0].type);
  CHECK(s.specs[0].typeParams.size() == 1);
  CHECK(s.specs[1].type);
  CHECK(s.specs[2].kind == ast::Spec::Kind::Val);
  CHECK(s.specs[2].typeParams.size() == 1);
  CHECK(s.specs[2].span.line == 3);
  CHECK(s.specs[3].name.base == "+");
  CHECK(s.specs[4].kind == ast::Spec::Kind::Include);
  CHECK(s.specs[5].kind == ast::Spec::Kind::Module);
  const ast::SigExp& w = *p->decls[1]->module->sig;
  REQUIRE(w.kind == ast::SigExp::Kind::With);
  CHECK(w.withName.str() == "N.k");
  REQUIRE(w.inner->kind == ast::SigExp::Kind::With);
  CHECK(w.inner->withName.base == "t");
  CHECK(w.inner->withParams.size() == 1);
}

TEST_CASE("syntax: `val` stays an ordinary name outside module types") {
  CHECK(syntax_test::programError("def f (r: {val: i32}) = r.val") == "");
  CHECK(syntax_test::programError("module type S = { val x : i32 val y : i32 }") == "");
}

TEST_CASE("syntax: `M.(e)` and module lambdas") {
  DiagnosticEngine diags;
  auto p = parse("def x = M.N.(a + b)\nmodule L = \\(P: S) -> { open P }\n", diags);
  REQUIRE(p);
  const ast::Expr& e = *p->decls[0]->body;
  CHECK(e.kind == ast::Expr::Kind::Project);
  CHECK(e.field.empty());
  REQUIRE(e.elems.size() == 2);
  CHECK(e.elems[1]->kind == ast::Expr::Kind::BinOp);
  const ast::ModExp& l = *p->decls[1]->module->body;
  CHECK(l.kind == ast::ModExp::Kind::Lambda);
  CHECK(l.params.size() == 1);
  CHECK(l.fn->decls.size() == 1);
}
