// The sizes of array type expressions: `[3]`, `[n]`, and size expressions such as `[n+1]`,
// `[2*n]`, `[n*m]`, normalised to sums of products so that `[1+n]` and `[n+1]` are one size
// (Note [Size variables] in UnifySizes.cpp). Also the symbolic value of a checked `i64`
// argument, for the sizes a named parameter `(n: i64) -> [n]t` takes from a call (`iota
// (n+1)` has size `n+1`).
#include "sema/Checker.h"
#include "support/Suggest.h"

namespace fjord::sema {

using ast::Expr;
using ast::TypeExp;

std::optional<Size> Checker::sizeName(const std::string& name, const SourceSpan& span, int* uid) {
  // A name bound in the type itself (`(n: i64) -> [n]t`, `?[k].`) is innermost.
  if (std::find(localSizes_.begin(), localSizes_.end(), name) != localSizes_.end())
    return Size::var(name);
  const ValueEntry* v = lookupValue(name);
  if (v && v->uid >= 0) {
    if (uid)
      *uid = v->uid;
    unify(Type::primitive(PrimType::I64), tv_.instantiate(v->scheme, span), span);
    noteSizeName(name, v->uid);
    return Size::bound(name, v->uid);
  }
  // The sizes the type binds and the `i64` variables in scope, innermost first.
  std::vector<std::string> candidates(localSizes_.rbegin(), localSizes_.rend());
  for (auto it = values_.rbegin(); it != values_.rend(); ++it)
    if (it->scheme.type && it->scheme.type->kind == Type::Kind::Prim &&
        it->scheme.type->prim == PrimType::I64)
      candidates.push_back(it->name);
  diags_.error(span, "unknown size `" + name + "`" + didYouMean(name, candidates));
  return std::nullopt;
}

Size Checker::resolveDim(TypeExp& te) {
  if (te.dimConst)
    return Size::constant(*te.dimConst);
  if (te.dimName) {
    std::optional<Size> s = sizeName(*te.dimName, te.span, &te.dimUid);
    return s ? *s : Size::unknown();
  }
  if (te.dimExpr) {
    std::optional<symbolic::Expr> e = sizeExpression(*te.dimExpr, te);
    return e ? Size::expression(*e) : Size::unknown();
  }
  return anonymousSizes_ ? freshAnonymousSize(te.span) : Size::unknown();
}

namespace {

/// Whether `e` is integer arithmetic (`+ - *`, negation) on names and literals.
bool isArithmetic(const Expr& e) {
  switch (e.kind) {
  case Expr::Kind::IntLit:
    return true;
  case Expr::Kind::Var:
    return e.name.qualifiers.empty();
  case Expr::Kind::Tuple:
    return e.elems.size() == 1 && isArithmetic(*e.elems[0]);
  case Expr::Kind::Negate:
    return isArithmetic(*e.elems[0]);
  case Expr::Kind::BinOp:
    return (e.name.base == "+" || e.name.base == "-" || e.name.base == "*") &&
           isArithmetic(*e.elems[0]) && isArithmetic(*e.elems[1]);
  default:
    return false;
  }
}

} // namespace

std::optional<symbolic::Expr> Checker::sizeExpression(const Expr& e, TypeExp& owner) {
  if (!isArithmetic(e)) {
    // Any other expression: its names must still be sizes in scope; the size is unknown.
    if (owner.dimExprVars)
      for (const ast::Name& n : *owner.dimExprVars)
        if (!owner.dimExprArgs.count(n.base))
          sizeName(n.base, n.span, nullptr);
    return std::nullopt;
  }
  switch (e.kind) {
  case Expr::Kind::IntLit:
    if (e.literalType && *e.literalType != PrimType::I64) {
      diags_.error(e.span, std::string("a size must be an `i64`, not `") + primName(*e.literalType) + "`");
      return std::nullopt;
    }
    return symbolic::Expr(static_cast<int64_t>(e.intValue));
  case Expr::Kind::Var: {
    // In a copy of an abbreviation's definition, its size parameters are the arguments.
    if (auto it = owner.dimExprArgs.find(e.name.base); it != owner.dimExprArgs.end()) {
      Size s = resolveDim(*it->second);
      return s.symbolic();
    }
    std::optional<Size> s = sizeName(e.name.base, e.span, nullptr);
    return s ? s->symbolic() : std::nullopt;
  }
  case Expr::Kind::Tuple:
    if (e.elems.size() == 1)
      return sizeExpression(*e.elems[0], owner);
    break;
  case Expr::Kind::Negate:
    if (auto x = sizeExpression(*e.elems[0], owner))
      return -*x;
    return std::nullopt;
  case Expr::Kind::BinOp: {
    const std::string& op = e.name.base;
    auto x = sizeExpression(*e.elems[0], owner);
    auto y = sizeExpression(*e.elems[1], owner);
    if (!x || !y)
      return std::nullopt;
    return op == "+" ? *x + *y : op == "-" ? *x - *y : *x * *y;
  }
  default:
    break;
  }
  return std::nullopt;
}

std::optional<symbolic::Expr> Checker::argumentExpression(const Expr& e) {
  switch (e.kind) {
  case Expr::Kind::IntLit:
    return symbolic::Expr(static_cast<int64_t>(e.intValue));
  case Expr::Kind::Var:
    if (e.name.qualifiers.empty() && e.name.uid >= 0 && e.type &&
        tv_.head(e.type)->kind == Type::Kind::Prim &&
        tv_.head(e.type)->prim == PrimType::I64) {
      noteSizeName(e.name.base, e.name.uid);
      return symbolic::Expr::var(sizeVarKey(Size::bound(e.name.base, e.name.uid)));
    }
    return std::nullopt;
  case Expr::Kind::Tuple:
    return e.elems.size() == 1 ? argumentExpression(*e.elems[0]) : std::nullopt;
  case Expr::Kind::Negate:
    if (auto x = argumentExpression(*e.elems[0]))
      return -*x;
    return std::nullopt;
  case Expr::Kind::BinOp: {
    const std::string& op = e.name.base;
    if (e.name.uid >= 0 || (op != "+" && op != "-" && op != "*")) // a user's operator: opaque
      return std::nullopt;
    auto x = argumentExpression(*e.elems[0]);
    auto y = argumentExpression(*e.elems[1]);
    if (!x || !y)
      return std::nullopt;
    return op == "+" ? *x + *y : op == "-" ? *x - *y : *x * *y;
  }
  default:
    return std::nullopt;
  }
}

} // namespace fjord::sema
