// Type inference for function application and binary operators (built-in, user-defined and
// in backticks), with the size contexts that describe mismatched arguments. Operator
// sections are checked with the other forms in CheckExpr.cpp.
#include "sema/Checker.h"

#include "sema/Builtins.h"

#include <algorithm>

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

/// An anonymous function passed as an argument: `\x -> ...`, also in parentheses.
bool isLambdaArgument(const Expr& arg) {
  if (arg.kind == Expr::Kind::Tuple && arg.elems.size() == 1)
    return isLambdaArgument(*arg.elems[0]);
  return arg.kind == Expr::Kind::Lambda;
}

size_t errorCount(const DiagnosticEngine& diags) {
  const auto& all = diags.all();
  return static_cast<size_t>(std::count_if(
      all.begin(), all.end(), [](const Diagnostic& d) { return d.severity == Severity::Error; }));
}

} // namespace

// Note [Lambda arguments last]
// In `map (\x -> x + k) xs` with `xs: []f32` and `k: i32`, checking arguments left to
// right gives `x` the type of `k` and reports the mismatch at `xs`, far from the mistake.
// As Futhark does, an application checks its lambda arguments after the arguments that
// follow them, and gives each lambda parameter without an annotation the type the callee
// expects there (checkFunction takes them from lambdaParamHints_). Then `x: f32` and the
// error is at `k`. Unification does not depend on the order, so well-typed programs get
// the same types.

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
  c.equality = op == "==" || op == "!=";
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
  // `xs |> map (\x -> ...)`: `xs` gives the lambda its parameter type (Note [Lambda
  // arguments last]), as in `map (\x -> ...) xs`.
  if (op == "|>" && e.name.uid < 0 && fn.kind == Expr::Kind::Apply &&
      std::any_of(fn.elems.begin() + 1, fn.elems.end(),
                  [](const ast::ExprPtr& a) { return isLambdaArgument(*a); })) {
    TypeRef argType = check(*e.elems[0]);
    TypeRef fnType = checkApply(*e.elems[1], e.elems[0].get(), argType);
    e.elems[1]->type = fnType;
    // checkApply bound the parameter to `argType` already (reporting a mismatch at `xs`).
    if (TypeRef h = tv_.head(fnType); h->kind == Type::Kind::Function && h->paramName.empty())
      return h->result;
    TypeRef result = fresh(e.span);
    tv_.sizeContext = right;
    unify(Type::function(argType, result), fnType, e.elems[1]->span);
    tv_.sizeContext = {};
    return result;
  }
  size_t errorsBefore = errorCount(diags_);
  TypeRef partial = applyTo(ft, *e.elems[0], e.span, left);
  // A left operand that is wrong (`b + 1` with `b: bool`) has set the operator's type: the
  // right one is checked on its own, so the one mistake gives one error.
  if (errorCount(diags_) > errorsBefore) {
    check(*e.elems[1]);
    return fresh(e.span);
  }
  TypeRef partialHead = tv_.head(partial);
  TypeRef leftType = partialHead->kind == Type::Kind::Function ? partialHead->param : nullptr;
  TypeRef result = applyTo(partial, *e.elems[1], e.span, right);
  // `x + k` with `k` of another type: the error is at `k`; say where the other type comes from.
  if (e.name.uid < 0 && leftType && tv_.lastError())
    tv_.lastError()->note(e.elems[0]->span,
                          "the other operand has type `" + tv_.zonk(leftType)->str() + "`");
  return result;
}

TypeRef Checker::applyTo(TypeRef fn, Expr& arg, const SourceSpan& callSpan,
                         const SizeContext& ctx) {
  TypeRef h = tv_.head(fn);
  if (h->kind == Type::Kind::Function && isLambdaArgument(arg)) {
    lambdaParamHints_.clear();
    for (TypeRef p = tv_.head(h->param); p->kind == Type::Kind::Function; p = tv_.head(p->result))
      lambdaParamHints_.push_back(p->param);
  }
  TypeRef argType = check(arg);
  lambdaParamHints_.clear();
  h = tv_.head(fn);
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

TypeRef Checker::checkApply(Expr& e, const Expr* piped, const TypeRef& pipedType) {
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
  // Lambda arguments followed by other arguments wait for them (Note [Lambda arguments last]).
  struct Deferred {
    size_t index;
    TypeRef param;
  };
  std::vector<Deferred> deferred;
  auto otherArgumentFollows = [&](size_t i) {
    if (piped)
      return true;
    for (size_t j = i + 1; j < e.elems.size(); ++j)
      if (!isLambdaArgument(*e.elems[j]))
        return true;
    return false;
  };
  for (size_t i = 1; i < e.elems.size(); ++i) {
    TypeRef h = tv_.head(t);
    if (isLambdaArgument(*e.elems[i]) && otherArgumentFollows(i) &&
        h->kind == Type::Kind::Function && h->paramName.empty()) {
      deferred.push_back({i, h->param});
      t = h->result;
      continue;
    }
    t = applyTo(t, *e.elems[i], e.span, callContext(*e.elems[0], *e.elems[i], i - 1));
  }
  // The piped value is the next argument: its parameter's type is bound before the lambdas'.
  if (TypeRef h = tv_.head(t); piped && h->kind == Type::Kind::Function && h->paramName.empty()) {
    tv_.sizeContext = callContext(*e.elems[0], *piped, e.elems.size() - 1);
    unify(h->param, pipedType, piped->span);
    tv_.sizeContext = {};
  }
  for (const Deferred& d : deferred)
    applyTo(Type::function(d.param, fresh(e.span)), *e.elems[d.index], e.span,
            callContext(*e.elems[0], *e.elems[d.index], d.index - 1));
  return t;
}

} // namespace fjord::sema
