// Type inference for function application and binary operators (built-in, user-defined and
// in backticks), with the size contexts that describe mismatched arguments. Operator
// sections are checked with the other forms in CheckExpr.cpp.
#include "sema/Checker.h"

#include "sema/Builtins.h"

namespace fjord::sema {

using ast::Expr;

namespace {

/// The built-in binary operators: which primitive types they take and whether they return
/// bool. `mask == 0` means any type (equality).
struct OpInfo {
  uint32_t mask = 0;
  bool boolResult = false;
};
std::optional<OpInfo> builtinOp(const std::string& op) {
  const uint32_t boolBit = primBit(PrimType::Bool);
  if (op == "+" || op == "-" || op == "*" || op == "/" || op == "%" || op == "//" ||
      op == "%%" || op == "**")
    return OpInfo{numericMask(), false};
  if (op == "==" || op == "!=")
    return OpInfo{0, true};
  if (op == "<" || op == "<=" || op == ">" || op == ">=")
    return OpInfo{numericMask() | boolBit, true};
  if (op == "&&" || op == "||")
    return OpInfo{boolBit, false};
  if (op == "&" || op == "|" || op == "^")
    return OpInfo{integerMask() | boolBit, false};
  if (op == "<<" || op == ">>" || op == ">>>")
    return OpInfo{integerMask(), false};
  return std::nullopt;
}

} // namespace

TypeRef Checker::builtinOpType(Expr& e, const std::string& op) {
  if (op == "|>" || op == "<|") {
    TypeRef a = fresh(e.span), b = fresh(e.span);
    TypeRef f = Type::function(a, b);
    return op == "|>" ? Type::function(a, Type::function(f, b))
                      : Type::function(f, Type::function(a, b));
  }
  auto info = builtinOp(op);
  if (!info) {
    diags_.error(e.name.span.known() ? e.name.span : e.span, "unknown operator `" + op + "`");
    return fresh(e.span);
  }
  Constraint c;
  c.prims = info->mask;
  c.origin = "operator `" + op + "`";
  c.span = e.name.span.known() ? e.name.span : e.span;
  TypeRef t = tv_.fresh(e.span, std::move(c));
  TypeRef r = info->boolResult ? Type::primitive(PrimType::Bool) : t;
  return Type::function(t, Type::function(t, r));
}

TypeRef Checker::checkBinOp(Expr& e) {
  const std::string& op = e.name.base;
  TypeRef ft;
  if (const ValueEntry* v = lookupValue(op)) { // user-defined operator or `f` in backticks
    e.name.uid = v->uid;
    ft = tv_.instantiate(v->scheme, e.span);
    const Binding& b = out_.bindings[v->uid];
    ft = b.kind == Binding::Kind::TopLevel && b.decl ? instantiateSizes(ft, *b.decl, e.span)
                                                     : stripSizeVars(ft);
  } else {
    ft = builtinOpType(e, op);
  }
  SizeContext left, right;
  if (e.name.uid >= 0) {
    left = SizeContext{op, argumentName(*e.elems[0], 0)};
    right = SizeContext{op, argumentName(*e.elems[1], 1)};
  }
  // `xs |> f a` calls `f` with `a` and `xs`: sizes are described as that call's.
  const Expr& fn = *e.elems[1];
  if (op == "|>" && e.name.uid < 0 && fn.kind == Expr::Kind::Apply)
    right = callContext(*fn.elems[0], *e.elems[0], fn.elems.size() - 1);
  TypeRef partial = applyTo(ft, *e.elems[0], e.span, left);
  return applyTo(partial, *e.elems[1], e.span, right);
}

TypeRef Checker::applyTo(TypeRef fn, Expr& arg, const SourceSpan& callSpan,
                         const SizeContext& ctx) {
  TypeRef argType = check(arg);
  TypeRef h = tv_.head(fn);
  if (h->kind == Type::Kind::Function) {
    tv_.sizeContext = ctx;
    unify(h->param, argType, arg.span);
    tv_.sizeContext = {};
    return h->paramName.empty() ? h->result : substituteNamedSize(h->result, h->paramName, arg);
  }
  if (TypeVars::isFlexible(*h)) {
    TypeRef r = fresh(callSpan);
    unify(fn, Type::function(argType, r), arg.span);
    return r;
  }
  diags_.error(arg.span, "cannot apply a value of type `" + tv_.zonk(h)->str() +
                             "` to an argument; it is not a function");
  return fresh(callSpan);
}

TypeRef Checker::checkApply(Expr& e) {
  // `intrinsics.scatter_stream (dest, f, bs)`: Futhark's intrinsics once took their
  // arguments as one tuple; the curried intrinsic gets them one by one.
  const Expr& head = *e.elems[0];
  if (head.kind == Expr::Kind::Var && head.name.qualifiers.size() == 1 &&
      head.name.qualifiers[0] == "intrinsics" && !lookupValue("intrinsics") &&
      publicIntrinsic(head.name.base) && e.elems.size() == 2 &&
      e.elems[1]->kind == Expr::Kind::Tuple && e.elems[1]->elems.size() > 1) {
    std::vector<ast::ExprPtr> parts = std::move(e.elems[1]->elems);
    e.elems.pop_back();
    for (auto& p : parts)
      e.elems.push_back(std::move(p));
  }
  TypeRef t = check(*e.elems[0]);
  for (size_t i = 1; i < e.elems.size(); ++i)
    t = applyTo(t, *e.elems[i], e.span, callContext(*e.elems[0], *e.elems[i], i - 1));
  return t;
}

} // namespace fjord::sema
