// Parse tree to AST for the module language (ModuleAst.h): module and module-type
// declarations, `include`, `open M`, module expressions, module types and specifications.
#include "syntax/AstBuilder.h"
#include "syntax/Literals.h"

namespace fjord::syntax {

using ast::ModExp;
using ast::ModuleDecl;
using ast::SigExp;

std::string AstBuilder::importPath(antlr4::tree::TerminalNode* literal) {
  std::string error;
  if (std::optional<std::string> path = decodeString(text(literal), error))
    return *path;
  diags_.error(span(literal), error);
  return "";
}

ast::DeclPtr AstBuilder::moduleDecl(P::DeclBodyContext* ctx, SourceSpan s) {
  auto d = std::make_unique<ast::Decl>(ast::Decl::Kind::Module, s);
  auto m = std::make_shared<ModuleDecl>();
  d->module = m;
  if (auto* t = dynamic_cast<P::ModuleTypeDeclContext*>(ctx)) {
    m->kind = ModuleDecl::Kind::Type;
    m->name = name(t->ID());
    m->sig = sigExp(t->sigExp());
  } else if (auto* b = dynamic_cast<P::ModuleDeclContext*>(ctx)) {
    m->kind = ModuleDecl::Kind::Bind;
    m->name = name(b->ID());
    for (P::ModuleParamContext* p : b->moduleParam())
      m->params.push_back({text(p->ID()), sigExp(p->sigExp()), span(p)});
    if (b->sigExp())
      m->sig = sigExp(b->sigExp());
    m->body = modExp(b->modExp());
  } else if (auto* i = dynamic_cast<P::IncludeDeclContext*>(ctx)) {
    m->kind = ModuleDecl::Kind::Include;
    m->body = modExp(i->modExp());
  } else {
    auto* o = dynamic_cast<P::OpenDeclContext*>(ctx);
    FJORD_CHECK(o && o->modExp(), "unhandled declaration alternative");
    m->kind = ModuleDecl::Kind::Open;
    m->body = modExp(o->modExp());
  }
  d->name = m->name;
  return d;
}

ast::ModExpPtr AstBuilder::modExp(P::ModExpContext* ctx) {
  std::vector<P::ModAtomContext*> atoms = ctx->modAtom();
  ast::ModExpPtr e = modAtom(atoms[0]);
  for (size_t i = 1; i < atoms.size(); ++i) {
    auto app = std::make_shared<ModExp>();
    app->kind = ModExp::Kind::Apply;
    app->span = SourceSpan::join(e->span, span(atoms[i]));
    app->fn = std::move(e);
    app->arg = modAtom(atoms[i]);
    e = std::move(app);
  }
  if (ctx->sigExp()) {
    auto asc = std::make_shared<ModExp>();
    asc->kind = ModExp::Kind::Ascribe;
    asc->span = span(ctx);
    asc->fn = std::move(e);
    asc->sig = sigExp(ctx->sigExp());
    e = std::move(asc);
  }
  return e;
}

ast::ModExpPtr AstBuilder::modAtom(P::ModAtomContext* ctx) {
  if (auto* p = dynamic_cast<P::ParenModContext*>(ctx))
    return modExp(p->modExp());
  auto e = std::make_shared<ModExp>();
  e->span = span(ctx);
  if (auto* n = dynamic_cast<P::NamedModContext*>(ctx)) {
    e->kind = ModExp::Kind::Name;
    e->name = qualName(n->qualName());
  } else if (auto* s = dynamic_cast<P::StructModContext*>(ctx)) {
    e->kind = ModExp::Kind::Struct;
    for (P::DeclContext* d : s->decl())
      e->decls.push_back(decl(d));
  } else if (auto* l = dynamic_cast<P::LambdaModContext*>(ctx)) {
    e->kind = ModExp::Kind::Lambda;
    for (P::ModuleParamContext* p : l->moduleParam())
      e->params.push_back({text(p->ID()), sigExp(p->sigExp()), span(p)});
    if (l->sigExp())
      e->sig = sigExp(l->sigExp());
    e->fn = modExp(l->modExp());
  } else {
    auto* i = dynamic_cast<P::ImportModContext*>(ctx);
    FJORD_CHECK(i, "unhandled module expression");
    e->kind = ModExp::Kind::Import;
    e->path = importPath(i->STRINGLIT());
  }
  return e;
}

ast::SigExpPtr AstBuilder::sigExp(P::SigExpContext* ctx) {
  auto e = std::make_shared<SigExp>();
  e->span = span(ctx);
  if (auto* f = dynamic_cast<P::FunctorSigContext*>(ctx)) {
    e->kind = SigExp::Kind::Functor;
    e->paramName = text(f->ID());
    e->param = sigExp(f->sigExp(0));
    e->inner = sigExp(f->sigExp(1));
    return e;
  }
  auto* p = dynamic_cast<P::PlainSigContext*>(ctx);
  FJORD_CHECK(p, "unhandled module type");
  ast::SigExpPtr lhs = sigWith(p->sigWith());
  if (!p->sigExp())
    return lhs;
  e->kind = SigExp::Kind::Functor;
  e->param = std::move(lhs);
  e->inner = sigExp(p->sigExp());
  return e;
}

ast::SigExpPtr AstBuilder::sigWith(P::SigWithContext* ctx) {
  ast::SigExpPtr e = sigAtom(ctx->sigAtom());
  std::vector<P::QualNameContext*> names = ctx->qualName();
  std::vector<P::TypeExpContext*> types = ctx->typeExp();
  // Each `with` has one name and one type; its type parameters lie between the two.
  for (size_t i = 0; i < names.size(); ++i) {
    auto w = std::make_shared<SigExp>();
    w->kind = SigExp::Kind::With;
    w->span = SourceSpan::join(e->span, span(types[i]));
    w->inner = std::move(e);
    w->withName = qualName(names[i]);
    for (P::TypeParamContext* tp : ctx->typeParam()) {
      size_t at = tp->getStart()->getTokenIndex();
      bool after = at > names[i]->getStop()->getTokenIndex();
      bool before = at < types[i]->getStart()->getTokenIndex();
      if (after && before)
        w->withParams.push_back(typeParam(tp));
    }
    w->withType = typeExp(types[i]);
    e = std::move(w);
  }
  return e;
}

ast::SigExpPtr AstBuilder::sigAtom(P::SigAtomContext* ctx) {
  if (auto* p = dynamic_cast<P::ParenSigContext*>(ctx))
    return sigExp(p->sigExp());
  auto e = std::make_shared<SigExp>();
  e->span = span(ctx);
  if (auto* n = dynamic_cast<P::NamedSigContext*>(ctx)) {
    e->kind = SigExp::Kind::Name;
    e->name = qualName(n->qualName());
    return e;
  }
  auto* s = dynamic_cast<P::SpecsSigContext*>(ctx);
  FJORD_CHECK(s, "unhandled module type");
  e->kind = SigExp::Kind::Specs;
  for (P::SpecContext* sp : s->spec())
    e->specs.push_back(spec(sp));
  return e;
}

ast::Spec AstBuilder::spec(P::SpecContext* ctx) {
  if (auto* a = dynamic_cast<P::AttrSpecContext*>(ctx))
    return spec(a->spec()); // attributes of specifications have no effect
  ast::Spec s;
  s.span = span(ctx);
  if (auto* v = dynamic_cast<P::ValSpecContext*>(ctx)) {
    s.kind = ast::Spec::Kind::Val;
    if (v->bindName()) {
      s.name = bindName(v->bindName());
    } else { // the older `val +: t -> t -> t`
      s.name.base = v->operatorName()->getText();
      s.name.span = span(v->operatorName());
    }
    for (P::TypeParamContext* tp : v->typeParam())
      s.typeParams.push_back(typeParam(tp));
    s.type = typeExp(v->typeExp());
  } else if (auto* t = dynamic_cast<P::TypeSpecContext*>(ctx)) {
    s.kind = ast::Spec::Kind::Type;
    s.name = name(t->ID());
    s.liftedness = t->HAT() ? "^" : t->TILDE() ? "~" : "";
    for (P::TypeParamContext* tp : t->typeParam())
      s.typeParams.push_back(typeParam(tp));
    if (t->typeExp())
      s.type = typeExp(t->typeExp());
  } else if (auto* m = dynamic_cast<P::ModuleSpecContext*>(ctx)) {
    s.kind = ast::Spec::Kind::Module;
    s.name = name(m->ID());
    s.sig = sigExp(m->sigExp());
  } else {
    auto* i = dynamic_cast<P::IncludeSpecContext*>(ctx);
    FJORD_CHECK(i, "unhandled specification");
    s.kind = ast::Spec::Kind::Include;
    s.sig = sigExp(i->sigExp());
  }
  return s;
}

} // namespace fjord::syntax
