// Parse tree to AST for declarations, type expressions and patterns, plus the span and name
// helpers shared with BuildExpr.cpp.
#include "syntax/AstBuilder.h"
#include "syntax/Literals.h"

namespace fjord::syntax {

using ast::PatternPtr;
using ast::TypeExp;
using ast::TypeExpPtr;

namespace {

TypeExpPtr makeType(TypeExp::Kind kind, SourceSpan span) {
  auto t = std::make_unique<TypeExp>();
  t->kind = kind;
  t->span = std::move(span);
  return t;
}

PatternPtr makePattern(ast::Pattern::Kind kind, SourceSpan span) {
  auto p = std::make_unique<ast::Pattern>();
  p->kind = kind;
  p->span = std::move(span);
  return p;
}

} // namespace

// ---------------------------------------------------------------------------------------
// Spans and names

SourceSpan AstBuilder::span(antlr4::Token* first, antlr4::Token* last) const {
  SourceSpan s;
  s.file = file_;
  LineCol begin = positions_.at(first->getStartIndex());
  s.line = begin.line;
  s.col = begin.col;
  // An empty rule match has its stop token before its start token.
  bool empty = !last || last->getType() == antlr4::Token::EOF ||
               last->getStopIndex() + 1 <= first->getStartIndex();
  LineCol end = empty ? begin : positions_.at(last->getStopIndex() + 1);
  s.endLine = end.line;
  s.endCol = end.col;
  return s;
}

SourceSpan AstBuilder::span(antlr4::ParserRuleContext* ctx) const {
  return span(ctx->getStart(), ctx->getStop());
}

SourceSpan AstBuilder::span(antlr4::tree::TerminalNode* node) const {
  return span(node->getSymbol(), node->getSymbol());
}

ast::Name AstBuilder::name(antlr4::tree::TerminalNode* id) const {
  ast::Name n;
  n.base = text(id);
  n.span = span(id);
  return n;
}

ast::Name AstBuilder::qualName(P::QualNameContext* ctx) const {
  ast::Name n;
  std::vector<antlr4::tree::TerminalNode*> ids = ctx->ID();
  for (size_t i = 0; i + 1 < ids.size(); ++i)
    n.qualifiers.push_back(text(ids[i]));
  n.base = text(ids.back());
  n.span = span(ctx);
  return n;
}

std::vector<ast::Attribute> AstBuilder::attributes(const std::vector<P::AttributeContext*>& attrs) {
  std::vector<ast::Attribute> out;
  for (P::AttributeContext* a : attrs) {
    ast::Attribute attr;
    attr.span = span(a);
    // The text between `#[` and `]`, as written.
    antlr4::misc::Interval inner(a->getStart()->getStopIndex() + 1,
                                 a->getStop()->getStartIndex() - 1);
    attr.text = a->getStart()->getInputStream()->getText(inner);
    out.push_back(std::move(attr));
  }
  return out;
}

// ---------------------------------------------------------------------------------------
// Declarations

ast::Program AstBuilder::program(P::ProgramContext* ctx) {
  ast::Program prog;
  prog.file = file_;
  for (P::DeclContext* d : ctx->decl())
    prog.decls.push_back(decl(d));
  return prog;
}

ast::DeclPtr AstBuilder::decl(P::DeclContext* ctx) {
  ast::DeclPtr d = declBody(ctx->declBody());
  d->span = span(ctx);
  d->attrs = attributes(ctx->attribute());
  return d;
}

ast::DeclPtr AstBuilder::declBody(P::DeclBodyContext* ctx) {
  using DK = ast::Decl::Kind;
  SourceSpan s = span(ctx);
  if (auto* v = dynamic_cast<P::ValueDeclContext*>(ctx)) {
    auto d = std::make_unique<ast::Decl>(DK::Value, s);
    d->isEntry = v->ENTRY() != nullptr;
    d->name = bindName(v->bindName());
    for (P::TypeParamContext* tp : v->typeParam())
      d->typeParams.push_back(typeParam(tp));
    for (P::AtomPatternContext* p : v->atomPattern())
      d->params.push_back(atomPattern(p));
    if (v->typeExp())
      d->retTypeExp = typeExp(v->typeExp());
    d->body = exp(v->exp());
    return d;
  }
  if (auto* t = dynamic_cast<P::TypeDeclContext*>(ctx)) {
    auto d = std::make_unique<ast::Decl>(DK::Type, s);
    d->name = name(t->ID());
    d->liftedness = t->HAT() ? "^" : t->TILDE() ? "~" : "";
    for (P::TypeParamContext* tp : t->typeParam())
      d->typeParams.push_back(typeParam(tp));
    d->retTypeExp = typeExp(t->typeExp());
    return d;
  }
  if (auto* i = dynamic_cast<P::ImportDeclContext*>(ctx)) {
    auto d = std::make_unique<ast::Decl>(DK::Import, s);
    d->path = importPath(i->STRINGLIT());
    return d;
  }
  if (auto* o = dynamic_cast<P::OpenDeclContext*>(ctx); o && o->STRINGLIT()) {
    auto d = std::make_unique<ast::Decl>(DK::Open, s);
    d->path = importPath(o->STRINGLIT());
    return d;
  }
  if (auto* l = dynamic_cast<P::LocalDeclContext*>(ctx)) {
    auto d = std::make_unique<ast::Decl>(DK::Local, s);
    d->inner = decl(l->decl());
    return d;
  }
  return moduleDecl(ctx, s);
}

ast::Name AstBuilder::bindName(P::BindNameContext* b) {
  if (b->ID())
    return name(b->ID());
  ast::Name n;
  n.base = b->operatorName()->getText();
  n.span = span(b);
  return n;
}

ast::TypeParam AstBuilder::typeParam(P::TypeParamContext* ctx) {
  using TK = ast::TypeParam::Kind;
  ast::TypeParam tp;
  tp.span = span(ctx);
  if (auto* sp = dynamic_cast<P::SizeParamContext*>(ctx)) {
    tp.kind = TK::Size;
    tp.name = text(sp->ID());
    return tp;
  }
  auto* v = dynamic_cast<P::TypeVarParamContext*>(ctx);
  FJORD_CHECK(v, "unhandled type parameter alternative");
  tp.kind = v->TICK_HAT() ? TK::Lifted : v->TICK_TILDE() ? TK::SizeLifted : TK::Type;
  tp.name = text(v->ID());
  return tp;
}

// ---------------------------------------------------------------------------------------
// Types

TypeExpPtr AstBuilder::typeExp(P::TypeExpContext* ctx) {
  SourceSpan s = span(ctx);
  if (auto* e = dynamic_cast<P::ExistentialTypeContext*>(ctx)) {
    auto t = makeType(TypeExp::Kind::Existential, s);
    for (P::ExistDimContext* d : e->existDim())
      t->existentials.push_back(text(d->ID()));
    t->args.push_back(typeExp(e->typeExp()));
    return t;
  }
  if (auto* f = dynamic_cast<P::NamedFunTypeContext*>(ctx)) {
    auto t = makeType(TypeExp::Kind::Function, s);
    t->paramName = text(f->ID());
    t->args.push_back(typeExp(f->typeExp(0)));
    t->args.push_back(typeExp(f->typeExp(1)));
    return t;
  }
  auto* p = dynamic_cast<P::PlainTypeContext*>(ctx);
  FJORD_CHECK(p, "unhandled type alternative");
  TypeExpPtr param = typeNoFun(p->typeNoFun());
  if (!p->typeExp())
    return param;
  auto t = makeType(TypeExp::Kind::Function, s);
  t->args.push_back(std::move(param));
  t->args.push_back(typeExp(p->typeExp()));
  return t;
}

TypeExpPtr AstBuilder::typeNoFun(P::TypeNoFunContext* ctx) {
  if (P::TypeAppContext* a = ctx->typeApp())
    return typeApp(a);
  auto t = makeType(TypeExp::Kind::Sum, span(ctx));
  for (P::SumCaseContext* c : ctx->sumCase()) {
    std::vector<TypeExpPtr> payload;
    for (P::TypeAtomContext* a : c->typeAtom())
      payload.push_back(typeAtom(a));
    t->constructors.emplace_back(text(c->CONSTRUCTOR()).substr(1), std::move(payload));
  }
  return t;
}

TypeExpPtr AstBuilder::typeApp(P::TypeAppContext* ctx) {
  SourceSpan s = span(ctx);
  if (auto* u = dynamic_cast<P::UniqueTypeContext*>(ctx)) {
    auto t = makeType(TypeExp::Kind::Unique, s);
    t->args.push_back(typeApp(u->typeApp()));
    return t;
  }
  if (auto* a = dynamic_cast<P::ArrayTypeContext*>(ctx))
    return arrayType(a->dim(), typeApp(a->typeApp()), s);
  if (auto* n = dynamic_cast<P::NamedTypeContext*>(ctx)) {
    auto t = makeType(TypeExp::Kind::Named, s);
    t->name = qualName(n->qualName());
    for (P::TypeArgContext* a : n->typeArg()) {
      if (auto* size = dynamic_cast<P::SizeTypeArgContext*>(a))
        t->args.push_back(arrayType(size->dim(), nullptr, span(a)));
      else
        t->args.push_back(typeAtom(dynamic_cast<P::TypeTypeArgContext*>(a)->typeAtom()));
    }
    return t;
  }
  auto* p = dynamic_cast<P::ParenTypeContext*>(ctx);
  FJORD_CHECK(p, "unhandled type application alternative");
  return typeParens(p->typeParens());
}

TypeExpPtr AstBuilder::typeAtom(P::TypeAtomContext* ctx) {
  SourceSpan s = span(ctx);
  if (auto* p = dynamic_cast<P::ParenTypeAtomContext*>(ctx))
    return typeParens(p->typeParens());
  if (auto* n = dynamic_cast<P::NameTypeAtomContext*>(ctx)) {
    auto t = makeType(TypeExp::Kind::Named, s);
    t->name = qualName(n->qualName());
    return t;
  }
  auto* a = dynamic_cast<P::ArrayTypeAtomContext*>(ctx);
  FJORD_CHECK(a, "unhandled type atom alternative");
  return arrayType(a->dim(), typeAtom(a->typeAtom()), s);
}

TypeExpPtr AstBuilder::typeParens(P::TypeParensContext* ctx) {
  SourceSpan s = span(ctx);
  if (auto* r = dynamic_cast<P::RecordTypeContext*>(ctx)) {
    auto t = makeType(TypeExp::Kind::Record, s);
    for (P::FieldTypeContext* f : r->fieldType())
      t->fields.emplace_back(text(f->ID()), typeExp(f->typeExp()));
    return t;
  }
  auto* tup = dynamic_cast<P::TupleTypeContext*>(ctx);
  FJORD_CHECK(tup, "unhandled parenthesised type alternative");
  std::vector<P::TypeExpContext*> elems = tup->typeExp();
  if (elems.size() == 1 && tup->COMMA().empty()) {
    TypeExpPtr inner = typeExp(elems[0]);
    inner->span = s;
    return inner;
  }
  auto t = makeType(TypeExp::Kind::Tuple, s);
  for (P::TypeExpContext* e : elems)
    t->args.push_back(typeExp(e));
  return t;
}

namespace {

/// The unqualified variables that the size expression `e` names.
void collectSizeVars(const ast::Expr& e, std::vector<ast::Name>& out) {
  if (e.kind == ast::Expr::Kind::Var && e.name.qualifiers.empty())
    out.push_back(e.name);
  for (const ast::ExprPtr& sub : e.elems)
    if (sub)
      collectSizeVars(*sub, out);
}

std::vector<ast::Name> sizeExpVars(const ast::Expr& e) {
  std::vector<ast::Name> out;
  collectSizeVars(e, out);
  return out;
}

} // namespace

/// `[n]elem`, `[3]elem`, `[]elem`; the element goes in args[0]. Without an element: the
/// size argument `[n]` of a type application (`vec [n]`).
TypeExpPtr AstBuilder::arrayType(P::DimContext* dim, TypeExpPtr elem, SourceSpan s) {
  auto t = makeType(TypeExp::Kind::Array, std::move(s));
  if (P::OpExpContext* size = dim->opExp()) {
    ast::ExprPtr e = opExp(size);
    if (e->kind == ast::Expr::Kind::Var && e->name.qualifiers.empty())
      t->dimName = e->name.base;
    else if (e->kind == ast::Expr::Kind::IntLit && !e->literalType)
      t->dimConst = static_cast<int64_t>(e->intValue);
    else {
      t->dimExprVars = sizeExpVars(*e);
      t->dimExpr = std::move(e);
    }
  }
  if (elem)
    t->args.push_back(std::move(elem));
  return t;
}

// ---------------------------------------------------------------------------------------
// Patterns

PatternPtr AstBuilder::pattern(P::PatternContext* ctx) {
  P::PatternNoAscContext* p = ctx->patternNoAsc();
  PatternPtr inner;
  if (p->CONSTRUCTOR()) {
    inner = makePattern(ast::Pattern::Kind::Constructor, span(p));
    inner->name = name(p->CONSTRUCTOR());
    inner->name.base = inner->name.base.substr(1);
    for (P::AtomPatternContext* a : p->atomPattern())
      inner->elems.push_back(atomPattern(a));
  } else {
    inner = atomPattern(p->atomPattern(0));
  }
  if (!ctx->typeExp())
    return inner;
  auto asc = makePattern(ast::Pattern::Kind::Ascribed, span(ctx));
  asc->elems.push_back(std::move(inner));
  asc->typeExp = typeExp(ctx->typeExp());
  return asc;
}

PatternPtr AstBuilder::atomPattern(P::AtomPatternContext* ctx) {
  using PK = ast::Pattern::Kind;
  SourceSpan s = span(ctx);
  if (auto* id = dynamic_cast<P::IdPatternContext*>(ctx)) {
    bool wildcard = text(id->ID()) == "_";
    auto p = makePattern(wildcard ? PK::Wildcard : PK::Id, s);
    p->name = name(id->ID());
    return p;
  }
  if (auto* op = dynamic_cast<P::OpPatternContext*>(ctx)) {
    auto p = makePattern(PK::Id, s);
    p->name.base = op->operatorName()->getText();
    p->name.span = span(op->operatorName());
    return p;
  }
  if (auto* a = dynamic_cast<P::AttrPatternContext*>(ctx)) {
    PatternPtr p = atomPattern(a->atomPattern());
    std::vector<ast::Attribute> attrs = attributes({a->attribute()});
    p->attrs.insert(p->attrs.begin(), attrs.begin(), attrs.end());
    p->span = s;
    return p;
  }
  if (auto* lit = dynamic_cast<P::LitPatternContext*>(ctx))
    return literalPattern(lit->literalPattern());
  if (dynamic_cast<P::UnitPatternContext*>(ctx))
    return makePattern(PK::Tuple, s);
  if (auto* t = dynamic_cast<P::TuplePatternContext*>(ctx)) {
    std::vector<P::PatternContext*> elems = t->pattern();
    if (elems.size() == 1 && t->COMMA().empty()) {
      PatternPtr inner = pattern(elems[0]);
      inner->span = s;
      return inner;
    }
    auto p = makePattern(PK::Tuple, s);
    for (P::PatternContext* e : elems)
      p->elems.push_back(pattern(e));
    return p;
  }
  auto* r = dynamic_cast<P::RecordPatternContext*>(ctx);
  FJORD_CHECK(r, "unhandled pattern alternative");
  auto p = makePattern(PK::Record, s);
  for (P::FieldPatternContext* f : r->fieldPattern()) {
    if (f->pattern()) {
      p->fields.emplace_back(text(f->ID()), pattern(f->pattern()));
      continue;
    }
    // `{x}` binds `x`.
    auto field = makePattern(PK::Id, span(f));
    field->name = name(f->ID());
    p->fields.emplace_back(text(f->ID()), std::move(field));
  }
  return p;
}

/// `1`, `-2`, `1.5`, `'a'`, `true`: the literal is an Expr (negative ones folded in).
PatternPtr AstBuilder::literalPattern(P::LiteralPatternContext* ctx) {
  auto p = makePattern(ast::Pattern::Kind::Literal, span(ctx));
  antlr4::tree::TerminalNode* tok = ctx->INTLIT()     ? ctx->INTLIT()
                                    : ctx->FLOATLIT() ? ctx->FLOATLIT()
                                    : ctx->CHARLIT()  ? ctx->CHARLIT()
                                    : ctx->TRUE()     ? ctx->TRUE()
                                                      : ctx->FALSE();
  bool negative = ctx->MINUS() != nullptr;
  ast::ExprPtr lit = literal(tok);
  lit->span = p->span;
  if (negative) {
    lit->text = "-" + lit->text;
    lit->intValue = ~lit->intValue + 1; // two's complement
    lit->floatValue = -lit->floatValue;
  }
  p->literal = std::move(lit);
  return p;
}

} // namespace fjord::syntax
