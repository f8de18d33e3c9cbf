// Parse tree to AST for expressions. The grammar leaves chains of binary operators flat
// (`operand (infixOp operand)*`); this file resolves them by precedence climbing with the
// precedences of Operators.h.
#include "syntax/AstBuilder.h"
#include "syntax/Literals.h"

namespace fjord::syntax {

using ast::Expr;
using ast::ExprPtr;
using Kind = ast::Expr::Kind;

namespace {

/// The modules whose members may be named with a qualifier (`f32.sqrt`, `i32.lowest`):
/// without a module system, only the numeric namespaces of the prelude.
/// Numeric namespaces, and Futhark's `intrinsics` (`intrinsics.acc_write`, sema/Builtins.h).
bool isModuleName(const std::string& name) {
  return primFromName(name).has_value() || name == "intrinsics";
}

} // namespace

/// One binary operator of a flat chain: a symbol, a name in backticks, or `with`.
struct AstBuilder::InfixOp {
  enum class Form { Symbol, Backtick, With, Qualified };
  Form form = Form::Symbol;
  OpPrecedence prec;
  ast::Name name;                          ///< Symbol, Backtick
  P::UpdateTargetContext* target = nullptr; ///< With
};

ExprPtr AstBuilder::exp(P::ExpContext* ctx) {
  return expTail(opExp(ctx->opExp()), ctx->expTail());
}

ExprPtr AstBuilder::expTail(ExprPtr e, P::ExpTailContext* tail) {
  if (P::RangeTailContext* r = tail->rangeTail()) {
    auto range = makeExpr(Kind::Range, SourceSpan::join(e->span, span(r)));
    range->elems.push_back(std::move(e));
    if (r->second)
      range->elems.push_back(opExp(r->second));
    if (r->upper)
      range->elems.push_back(opExp(r->upper));
    using RK = Expr::RangeKind;
    range->rangeKind = RK::UpToInclusive;
    if (r->DOTDOTLT() || (r->rangeOp() && r->rangeOp()->DOTDOTLT()))
      range->rangeKind = RK::UpToExclusive;
    if (r->DOTDOTGT() || (r->rangeOp() && r->rangeOp()->DOTDOTGT()))
      range->rangeKind = RK::DownToExclusive;
    range->rangeHasStep = r->second && r->upper;
    e = std::move(range);
  }
  for (P::AscriptionContext* a : tail->ascription()) {
    auto asc = makeExpr(a->COLONGT() ? Kind::Coerce : Kind::Ascribe,
                        SourceSpan::join(e->span, span(a)));
    asc->elems.push_back(std::move(e));
    asc->typeExp = typeExp(a->typeExp());
    e = std::move(asc);
  }
  return e;
}

// ---------------------------------------------------------------------------------------
// Binary operators

ExprPtr AstBuilder::opExp(P::OpExpContext* ctx) {
  std::vector<ExprPtr> operands;
  for (P::OperandContext* o : ctx->operand())
    operands.push_back(operand(o));
  std::vector<InfixOp> ops;
  for (P::InfixOpContext* op : ctx->infixOp())
    ops.push_back(infixOp(op));
  size_t pos = 0;
  return climb(operands, ops, pos, 0);
}

AstBuilder::InfixOp AstBuilder::infixOp(P::InfixOpContext* ctx) {
  InfixOp op;
  if (ctx->WITH()) {
    op.form = InfixOp::Form::With;
    op.prec = {kWithLevel, Assoc::Left};
    op.target = ctx->updateTarget();
    return op;
  }
  P::BinopContext* b = ctx->binop();
  if (P::QualNameContext* q = b->qualName()) {
    op.form = InfixOp::Form::Backtick;
    op.prec = {kBacktickLevel, Assoc::Left};
    op.name = qualName(q);
    return op;
  }
  if (P::QualOperatorContext* q = b->qualOperator()) {
    // `a i32.+ b`: the precedence of the operator's own name.
    op.form = InfixOp::Form::Qualified;
    op.name = qualOperatorName(q);
    op.prec = operatorPrecedence(op.name.base);
    return op;
  }
  op.name.base = b->getText();
  op.name.span = span(b);
  op.prec = operatorPrecedence(op.name.base);
  return op;
}

ast::Name AstBuilder::qualOperatorName(P::QualOperatorContext* q) {
  ast::Name name;
  name.qualifiers.push_back(text(q->ID()));
  name.base = q->operatorName()->getText();
  name.span = span(q);
  return name;
}

// Precedence climbing: `operands[pos]` starts the expression; consumes every following
// operator of level >= minLevel. Operator i sits between operands i and i+1.
ExprPtr AstBuilder::climb(std::vector<ExprPtr>& operands, const std::vector<InfixOp>& ops,
                          size_t& pos, int minLevel) {
  ExprPtr lhs = std::move(operands[pos]);
  while (pos < ops.size() && ops[pos].prec.level >= minLevel) {
    const InfixOp& op = ops[pos];
    ++pos;
    int rhsMin = op.prec.assoc == Assoc::Left ? op.prec.level + 1 : op.prec.level;
    ExprPtr rhs = climb(operands, ops, pos, rhsMin);
    lhs = combine(op, std::move(lhs), std::move(rhs));
  }
  return lhs;
}

ExprPtr AstBuilder::combine(const InfixOp& op, ExprPtr lhs, ExprPtr rhs) {
  SourceSpan whole = SourceSpan::join(lhs->span, rhs->span);
  if (op.form == InfixOp::Form::Qualified) {
    // `a i32.+ b` is `(i32.+) a b`: the checker gives the section the namespace's type.
    auto section = makeExpr(Kind::OpSection, op.name.span);
    section->name = op.name;
    section->elems.resize(2);
    auto e = makeExpr(Kind::Apply, whole);
    e->elems.push_back(std::move(section));
    e->elems.push_back(std::move(lhs));
    e->elems.push_back(std::move(rhs));
    return e;
  }
  if (op.form != InfixOp::Form::With) {
    // `a `f` b` is a BinOp whose operator is the name `f` (sema applies it like `f a b`).
    auto e = makeExpr(Kind::BinOp, whole);
    e->name = op.name;
    e->elems.push_back(std::move(lhs));
    e->elems.push_back(std::move(rhs));
    return e;
  }
  P::UpdateTargetContext* t = op.target;
  P::DimIndicesContext* idx = t->dimIndices();
  if (idx && idx->lmadDims()) {
    auto e = makeExpr(Kind::FlatUpdate, whole);
    e->elems.push_back(std::move(lhs));
    e->elems.push_back(std::move(rhs));
    lmadSlice(idx, *e);
    return e;
  }
  if (idx) {
    auto e = makeExpr(Kind::Update, whole);
    e->indices = dimIndices(idx);
    e->elems.push_back(std::move(lhs));
    e->elems.push_back(std::move(rhs));
    return e;
  }
  auto e = makeExpr(Kind::RecordUpdate, whole);
  for (antlr4::tree::ParseTree* child : t->children) {
    auto* node = dynamic_cast<antlr4::tree::TerminalNode*>(child);
    if (!node)
      continue;
    size_t type = node->getSymbol()->getType();
    if (type == P::ID)
      e->fieldPath.push_back(text(node));
    else if (type == P::DOT_NUM)
      e->fieldPath.push_back(text(node).substr(1));
  }
  e->elems.push_back(std::move(lhs));
  e->elems.push_back(std::move(rhs));
  return e;
}

// ---------------------------------------------------------------------------------------
// Operands

ExprPtr AstBuilder::operand(P::OperandContext* ctx) {
  if (P::PrefixExpContext* p = ctx->prefixExp())
    return prefixExp(p);
  P::OpenExpContext* o = ctx->openExp();
  if (o->ifExp())
    return ifExp(o->ifExp());
  if (o->letExp())
    return letExp(o->letExp());
  if (o->loopExp())
    return loopExp(o->loopExp());
  if (o->matchExp())
    return matchExp(o->matchExp());
  if (o->lambdaExp())
    return lambdaExp(o->lambdaExp());
  P::AttrExpContext* a = o->attrExp();
  auto e = makeExpr(Kind::Attributed, span(a));
  e->attrs = attributes(a->attribute());
  e->elems.push_back(exp(a->exp()));
  return e;
}

ExprPtr AstBuilder::prefixExp(P::PrefixExpContext* ctx) {
  if (P::ApplyExpContext* a = ctx->applyExp())
    return applyExp(a);
  bool minus = ctx->MINUS() != nullptr;
  auto e = makeExpr(minus ? Kind::Negate : Kind::Not, span(ctx));
  e->elems.push_back(prefixExp(ctx->prefixExp()));
  return e;
}

ExprPtr AstBuilder::applyExp(P::ApplyExpContext* ctx) {
  std::vector<P::PostfixExpContext*> parts = ctx->postfixExp();
  if (ctx->ASSERT()) {
    auto e = makeExpr(Kind::Assert, span(ctx));
    e->elems.push_back(postfixExp(parts[0]));
    e->elems.push_back(postfixExp(parts[1]));
    return e;
  }
  ExprPtr head = postfixExp(parts[0]);
  if (parts.size() == 1)
    return head;
  // `#some x y`: the arguments are the constructor's payload.
  if (head->kind == Kind::Constructor && head->elems.empty()) {
    head->span = span(ctx);
    for (size_t i = 1; i < parts.size(); ++i)
      head->elems.push_back(postfixExp(parts[i]));
    return head;
  }
  auto e = makeExpr(Kind::Apply, span(ctx));
  e->elems.push_back(std::move(head));
  for (size_t i = 1; i < parts.size(); ++i)
    e->elems.push_back(postfixExp(parts[i]));
  return e;
}

ExprPtr AstBuilder::postfixExp(P::PostfixExpContext* ctx) {
  ExprPtr e = atom(ctx->atom());
  bool parenthesised = ctx->atom()->getStart()->getType() == P::LPAREN;
  for (P::PostfixContext* post : ctx->postfix()) {
    SourceSpan whole = SourceSpan::join(e->span, span(post));
    auto* ix = dynamic_cast<P::IndexPostfixContext*>(post);
    if (ix && ix->dimIndices()->lmadDims()) {
      auto idx = makeExpr(Kind::FlatIndex, whole);
      idx->elems.push_back(std::move(e));
      lmadSlice(ix->dimIndices(), *idx);
      e = std::move(idx);
      continue;
    }
    if (ix) {
      auto idx = makeExpr(Kind::Index, whole);
      idx->indices = dimIndices(ix->dimIndices());
      idx->elems.push_back(std::move(e));
      e = std::move(idx);
      continue;
    }
    if (auto* o = dynamic_cast<P::OpenPostfixContext*>(post)) {
      // `M.(e)`: opened by the module pass (sema/Modules.h), which checks that M is a module.
      auto open = makeExpr(Kind::Project, whole);
      open->elems.push_back(std::move(e));
      open->elems.push_back(exp(o->exp()));
      e = std::move(open);
      continue;
    }
    std::string field;
    if (auto* f = dynamic_cast<P::FieldPostfixContext*>(post))
      field = text(f->ID());
    else
      field = text(dynamic_cast<P::ProjPostfixContext*>(post)->DOT_NUM()).substr(1);
    // `f32.sqrt`: a member of a numeric namespace is a qualified name, not a field.
    if (e->kind == Kind::Var && e->name.qualifiers.empty() && !parenthesised &&
        isModuleName(e->name.base) && std::isalpha(static_cast<unsigned char>(field[0]))) {
      e->name.qualifiers.push_back(e->name.base);
      e->name.base = field;
      e->name.span = whole;
      e->span = whole;
      continue;
    }
    auto proj = makeExpr(Kind::Project, whole);
    proj->field = field;
    proj->elems.push_back(std::move(e));
    e = std::move(proj);
  }
  return e;
}

// ---------------------------------------------------------------------------------------
// Atoms

ExprPtr AstBuilder::literal(antlr4::tree::TerminalNode* token) {
  std::string t = text(token);
  SourceSpan s = span(token);
  std::string error;
  switch (token->getSymbol()->getType()) {
  case P::INTLIT: {
    auto e = makeExpr(Kind::IntLit, s);
    e->text = t;
    std::optional<IntLiteral> lit = decodeInt(t, error);
    if (!lit) {
      diags_.error(s, error);
      return e;
    }
    // A literal with a type suffix that does not fit its type wraps around (`257u8` is
    // `1u8`, `0x80i8` is -128), as in Futhark; only an overloaded literal whose inferred
    // type is too narrow is an error (sema/CheckRestrictions.cpp).
    e->intValue = lit->value;
    e->literalType = lit->suffix;
    return e;
  }
  case P::FLOATLIT: {
    auto e = makeExpr(Kind::FloatLit, s);
    e->text = t;
    std::optional<FloatLiteral> lit = decodeFloat(t, error);
    if (!lit) {
      diags_.error(s, error);
      return e;
    }
    e->floatValue = lit->value;
    e->literalType = lit->suffix;
    return e;
  }
  case P::CHARLIT: {
    auto e = makeExpr(Kind::CharLit, s);
    e->text = t;
    if (std::optional<uint32_t> c = decodeChar(t, error))
      e->intValue = *c;
    else
      diags_.error(s, error);
    return e;
  }
  case P::STRINGLIT: {
    auto e = makeExpr(Kind::StringLit, s);
    if (std::optional<std::string> str = decodeString(t, error))
      e->text = *str;
    else
      diags_.error(s, error);
    return e;
  }
  default: {
    auto e = makeExpr(Kind::BoolLit, s);
    e->text = t;
    e->boolValue = t == "true";
    return e;
  }
  }
}

ExprPtr AstBuilder::atom(P::AtomContext* ctx) {
  SourceSpan s = span(ctx);
  if (auto* c = dynamic_cast<P::IntAtomContext*>(ctx))
    return literal(c->INTLIT());
  if (auto* c = dynamic_cast<P::FloatAtomContext*>(ctx))
    return literal(c->FLOATLIT());
  if (auto* c = dynamic_cast<P::CharAtomContext*>(ctx))
    return literal(c->CHARLIT());
  if (auto* c = dynamic_cast<P::StringAtomContext*>(ctx))
    return literal(c->STRINGLIT());
  if (auto* c = dynamic_cast<P::BoolAtomContext*>(ctx))
    return literal(c->TRUE() ? c->TRUE() : c->FALSE());
  if (auto* c = dynamic_cast<P::VarAtomContext*>(ctx)) {
    auto e = makeExpr(Kind::Var, s);
    e->name = name(c->ID());
    return e;
  }
  if (auto* c = dynamic_cast<P::ConstrAtomContext*>(ctx)) {
    auto e = makeExpr(Kind::Constructor, s);
    e->name = name(c->CONSTRUCTOR());
    e->name.base = e->name.base.substr(1); // drop `#`
    return e;
  }
  if (dynamic_cast<P::HoleAtomContext*>(ctx))
    return makeExpr(Kind::Hole, s);
  if (dynamic_cast<P::UnitAtomContext*>(ctx))
    return makeExpr(Kind::Tuple, s);
  if (auto* c = dynamic_cast<P::MinusSectionContext*>(ctx)) {
    auto e = makeExpr(Kind::OpSection, s);
    e->name.base = "-";
    e->name.span = span(c->MINUS());
    e->elems.resize(2);
    return e;
  }
  if (auto* c = dynamic_cast<P::OpSectionContext*>(ctx)) {
    auto e = makeExpr(Kind::OpSection, s);
    P::SectionOpContext* op = c->sectionOp();
    if (op->qualName()) {
      e->name = qualName(op->qualName());
    } else {
      e->name.base = op->getText();
      e->name.span = span(op);
    }
    e->elems.resize(2);
    if (c->exp())
      e->elems[1] = exp(c->exp());
    return e;
  }
  if (auto* c = dynamic_cast<P::QualOpSectionContext*>(ctx)) {
    // `(i32.+)` or the right section `(i32.* 2)`: a built-in operator at the type of a
    // numeric namespace. Unlike `(- x)`, `(i32.- x)` is a section, as in Futhark.
    auto e = makeExpr(Kind::OpSection, s);
    e->name = qualOperatorName(c->qualOperator());
    e->elems.resize(2);
    if (c->exp())
      e->elems[1] = exp(c->exp());
    return e;
  }
  if (auto* c = dynamic_cast<P::FieldSectionContext*>(ctx)) {
    auto e = makeExpr(Kind::FieldSection, s);
    for (antlr4::tree::ParseTree* child : c->children) {
      auto* node = dynamic_cast<antlr4::tree::TerminalNode*>(child);
      size_t type = node->getSymbol()->getType();
      if (type == P::ID)
        e->fieldPath.push_back(text(node));
      else if (type == P::DOT_NUM)
        e->fieldPath.push_back(text(node).substr(1));
    }
    return e;
  }
  if (auto* c = dynamic_cast<P::IndexSectionContext*>(ctx)) {
    auto e = makeExpr(Kind::IndexSection, s);
    if (c->dimIndices()->lmadDims())
      diags_.unsupported(s, "an LMAD slice in an index section");
    e->indices = dimIndices(c->dimIndices());
    return e;
  }
  if (auto* c = dynamic_cast<P::ParenAtomContext*>(ctx))
    return parenAtom(c);
  if (auto* c = dynamic_cast<P::ArrayAtomContext*>(ctx)) {
    auto e = makeExpr(Kind::ArrayLit, s);
    for (P::ExpContext* x : c->exp())
      e->elems.push_back(exp(x));
    return e;
  }
  auto* c = dynamic_cast<P::RecordAtomContext*>(ctx);
  FJORD_CHECK(c, "unhandled atom alternative");
  auto e = makeExpr(Kind::Record, s);
  for (P::RecordFieldContext* f : c->recordField())
    e->fields.emplace_back(text(f->ID()), f->exp() ? exp(f->exp()) : nullptr);
  return e;
}

/// `(e)`, `(a, b)`, `(e : t)`, or a left section `(e +)`.
ExprPtr AstBuilder::parenAtom(P::ParenAtomContext* ctx) {
  SourceSpan s = span(ctx);
  ExprPtr first = opExp(ctx->opExp());
  if (P::BinopContext* op = ctx->leftSectionOp) {
    auto e = makeExpr(Kind::OpSection, s);
    if (op->qualName()) {
      e->name = qualName(op->qualName());
    } else if (op->qualOperator()) { // `(x i32.+)`
      e->name = qualOperatorName(op->qualOperator());
    } else {
      e->name.base = op->getText();
      e->name.span = span(op);
    }
    e->elems.push_back(std::move(first));
    e->elems.push_back(nullptr);
    return e;
  }
  first = expTail(std::move(first), ctx->expTail());
  std::vector<P::ExpContext*> rest = ctx->exp();
  if (rest.empty()) {
    first->span = s; // the parentheses belong to the expression
    return first;
  }
  auto e = makeExpr(Kind::Tuple, s);
  e->elems.push_back(std::move(first));
  for (P::ExpContext* x : rest)
    e->elems.push_back(exp(x));
  return e;
}

// ---------------------------------------------------------------------------------------
// Indexing

ExprPtr AstBuilder::optionalOpExp(P::OpExpContext* ctx) { return ctx ? opExp(ctx) : nullptr; }

std::vector<ast::DimIndex> AstBuilder::dimIndices(P::DimIndicesContext* ctx) {
  std::vector<ast::DimIndex> out;
  for (P::DimIndexContext* d : ctx->dimIndex())
    out.push_back(dimIndex(d));
  return out;
}

ast::DimIndex AstBuilder::dimIndex(P::DimIndexContext* ctx) {
  ast::DimIndex d;
  P::SliceTailContext* slice = ctx->sliceTail();
  if (!slice) {
    d.index = opExp(ctx->idx);
    return d;
  }
  d.isSlice = true;
  d.start = optionalOpExp(ctx->idx);
  d.end = optionalOpExp(slice->sliceEnd);
  d.stride = optionalOpExp(slice->sliceStride);
  return d;
}

void AstBuilder::lmadSlice(P::DimIndicesContext* ctx, ast::Expr& e) {
  std::vector<P::DimIndexContext*> offset = ctx->dimIndex();
  P::LmadDimsContext* dims = ctx->lmadDims();
  if (ctx->plus && ctx->plus->getText() != "+")
    diags_.error(span(ctx->plus, ctx->plus),
                 "expected `+` between the offset and the dimensions of an LMAD slice");
  if (offset.size() > 1 || (offset.size() == 1 && offset[0]->sliceTail()))
    diags_.error(span(offset[0]->getStart(), ctx->plus),
                 "an LMAD slice takes one offset before `+`, not indices or slices");
  if (offset.size() == 1 && offset[0]->idx) {
    e.elems.push_back(opExp(offset[0]->idx));
  } else {
    auto zero = makeExpr(Kind::IntLit, span(dims->LBRACE()));
    zero->text = "0";
    e.elems.push_back(std::move(zero));
  }
  for (P::LmadDimContext* d : dims->lmadDim()) {
    e.elems.push_back(opExp(d->size));
    e.elems.push_back(opExp(d->stride));
  }
}

// ---------------------------------------------------------------------------------------
// Forms that extend to the right

ExprPtr AstBuilder::ifExp(P::IfExpContext* ctx) {
  auto e = makeExpr(Kind::If, span(ctx));
  for (P::ExpContext* x : ctx->exp())
    e->elems.push_back(exp(x));
  return e;
}

ExprPtr AstBuilder::letExp(P::LetExpContext* ctx) {
  // Built from the last binding outwards, without recursion: each `let` of the chain spans
  // from its keyword to the end of the chain.
  ExprPtr body = exp(ctx->exp());
  std::vector<P::LetBindingContext*> bindings = ctx->letBinding();
  std::vector<antlr4::tree::TerminalNode*> keywords = ctx->LET();
  SourceSpan whole = span(ctx);
  for (size_t i = bindings.size(); i-- > 0;) {
    SourceSpan s = whole;
    SourceSpan at = span(keywords[i]);
    s.line = at.line;
    s.col = at.col;
    ExprPtr e = letBinding(bindings[i], s);
    e->elems.push_back(std::move(body));
    body = std::move(e);
  }
  return body;
}

ExprPtr AstBuilder::letBinding(P::LetBindingContext* b, const SourceSpan& s) {
  ExprPtr e;
  auto* with = dynamic_cast<P::LetWithContext*>(b);
  if (with && with->dimIndices()->lmadDims()) {
    // `let a[L] = v in e` is `let a = a with [L] = v in e`.
    ast::Name a = name(with->ID());
    auto target = makeExpr(Kind::Var, a.span);
    target->name = a;
    auto update = makeExpr(Kind::FlatUpdate, s);
    update->elems.push_back(std::move(target));
    update->elems.push_back(exp(with->exp()));
    lmadSlice(with->dimIndices(), *update);
    e = makeExpr(Kind::LetIn, s);
    e->pattern = std::make_unique<ast::Pattern>();
    e->pattern->kind = ast::Pattern::Kind::Id;
    e->pattern->span = a.span;
    e->pattern->name = a;
    e->elems.push_back(std::move(update));
  } else if (auto* w = dynamic_cast<P::LetWithContext*>(b)) {
    e = makeExpr(Kind::LetWith, s);
    e->name = name(w->ID());
    e->indices = dimIndices(w->dimIndices());
    e->elems.push_back(exp(w->exp()));
  } else if (auto* r = dynamic_cast<P::LetFieldContext*>(b)) {
    // `let r.x.y = v in e` is `let r = r with x.y = v in e`.
    ast::Name a = name(r->ID(0));
    auto target = makeExpr(Kind::Var, a.span);
    target->name = a;
    auto update = makeExpr(Kind::RecordUpdate, s);
    for (antlr4::tree::ParseTree* child : r->children) {
      auto* node = dynamic_cast<antlr4::tree::TerminalNode*>(child);
      if (node && node->getSymbol()->getType() == P::ID && node != r->ID(0))
        update->fieldPath.push_back(text(node));
      else if (node && node->getSymbol()->getType() == P::DOT_NUM)
        update->fieldPath.push_back(text(node).substr(1));
    }
    update->elems.push_back(std::move(target));
    update->elems.push_back(exp(r->exp()));
    e = makeExpr(Kind::LetIn, s);
    e->pattern = std::make_unique<ast::Pattern>();
    e->pattern->kind = ast::Pattern::Kind::Id;
    e->pattern->span = a.span;
    e->pattern->name = a;
    e->elems.push_back(std::move(update));
  } else if (auto* f = dynamic_cast<P::LetFunContext*>(b)) {
    e = makeExpr(Kind::LetFun, s);
    e->name = name(f->ID());
    for (P::TypeParamContext* tp : f->typeParam())
      e->typeParams.push_back(typeParam(tp));
    for (P::AtomPatternContext* p : f->atomPattern())
      e->params.push_back(atomPattern(p));
    if (f->typeExp())
      e->retTypeExp = typeExp(f->typeExp());
    e->elems.push_back(exp(f->exp()));
  } else {
    auto* p = dynamic_cast<P::LetPatternContext*>(b);
    FJORD_CHECK(p, "unhandled let binding");
    e = makeExpr(Kind::LetIn, s);
    for (P::LetSizeParamContext* sp : p->letSizeParam())
      e->sizeParams.push_back(name(sp->ID()));
    e->pattern = pattern(p->pattern());
    e->elems.push_back(exp(p->exp()));
  }
  return e;
}

ExprPtr AstBuilder::loopExp(P::LoopExpContext* ctx) {
  auto e = makeExpr(Kind::Loop, span(ctx));
  e->pattern = pattern(ctx->pattern());
  std::vector<P::ExpContext*> exps = ctx->exp(); // {init, body} or {body}
  e->elems.push_back(exps.size() == 2 ? exp(exps[0]) : nullptr);
  P::LoopFormContext* form = ctx->loopForm();
  ast::LoopForm& lf = e->loopForm;
  if (auto* f = dynamic_cast<P::ForLoopContext*>(form)) {
    lf.kind = ast::LoopForm::Kind::For;
    lf.iterator = name(f->ID());
    lf.bound = exp(f->exp());
  } else if (auto* f = dynamic_cast<P::ForInLoopContext*>(form)) {
    lf.kind = ast::LoopForm::Kind::ForIn;
    lf.element = pattern(f->pattern());
    lf.bound = exp(f->exp());
  } else {
    auto* w = dynamic_cast<P::WhileLoopContext*>(form);
    FJORD_CHECK(w, "unhandled loop form");
    lf.kind = ast::LoopForm::Kind::While;
    lf.bound = exp(w->exp());
  }
  e->elems.push_back(exp(exps.back()));
  return e;
}

ExprPtr AstBuilder::matchExp(P::MatchExpContext* ctx) {
  auto e = makeExpr(Kind::Match, span(ctx));
  e->elems.push_back(exp(ctx->exp()));
  for (P::MatchCaseContext* c : ctx->matchCase()) {
    ast::MatchCase mc;
    mc.pattern = pattern(c->pattern());
    mc.body = exp(c->exp());
    mc.span = span(c);
    e->cases.push_back(std::move(mc));
  }
  return e;
}

ExprPtr AstBuilder::lambdaExp(P::LambdaExpContext* ctx) {
  auto e = makeExpr(Kind::Lambda, span(ctx));
  for (P::AtomPatternContext* p : ctx->atomPattern())
    e->params.push_back(atomPattern(p));
  if (ctx->typeNoFun())
    e->retTypeExp = typeNoFun(ctx->typeNoFun());
  e->elems.push_back(exp(ctx->exp()));
  return e;
}

} // namespace fjord::syntax
