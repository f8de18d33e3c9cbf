// Internalisation of function application and binary operators: function values (closures,
// partial applications, operator and index sections), application by inlining, built-in
// operators with their division checks, and short-circuiting `&&`/`||`.
#include "internalise/Internaliser.h"

#include "ir/TypeOf.h"

#include <algorithm>

namespace fjord::internalise {

using ir::BinOpKind;
using ir::CmpOpKind;
using ir::SubExp;
using K = ast::Expr::Kind;

size_t Internaliser::arityOf(const TypeRef& t) const {
  size_t n = 0;
  for (TypeRef r = t; r && r->kind == Type::Kind::Function; r = r->result)
    ++n;
  return n;
}

Value Internaliser::closureValue(const std::vector<ast::PatternPtr>& params,
                                 const ast::Expr& body, const ast::Decl* decl, const Env& env,
                                 TypeRef type, std::string name) {
  auto f = std::make_shared<FunValue>();
  f->kind = FunValue::Kind::Closure;
  f->params = &params;
  f->body = &body;
  f->decl = decl;
  f->env = std::make_shared<Env>(env);
  f->type = std::move(type);
  f->name = std::move(name);
  f->arity = params.size();
  Value v;
  v.kind = Value::Kind::Fun;
  v.fun = std::move(f);
  return v;
}

Value Internaliser::builtinBinOp(const std::string& name, ir::PrimType t, const Value& x,
                                 const Value& y, const SourceSpan& span) {
  const SourceOperator* o = findSourceOperator(name);
  if (!o)
    unsupported(span, "operator `" + name + "`");
  SubExp a = leaves(x, span).at(0), b = leaves(y, span).at(0);
  if (o->cmp)
    return Value::of(b_->cmpOp(o->cmpKind, t, a, b, "cmp"));
  BinOpKind k = o->bin;
  if (t == PrimType::Bool && (k == BinOpKind::LogAnd || k == BinOpKind::LogOr))
    return Value::of(b_->binOp(k, t, a, b, "cond"));
  bool divides = k == BinOpKind::Div || k == BinOpKind::Mod || k == BinOpKind::Quot ||
                 k == BinOpKind::Rem;
  if (divides && isInteger(t) && (b.isVar() || b.constant().i == 0)) {
    // Integer division by zero is a run-time error, checked like an index.
    SubExp nonzero = b_->cmpOp(CmpOpKind::Ne, t, b, ir::PrimValue::integer(t, 0), "nonzero");
    b_->assertion(nonzero, "division by zero at " + location(span), site(span));
  }
  return Value::of(b_->binOp(k, t, a, b, "t"));
}

Value Internaliser::binOp(const ast::Expr& e, Env& env) {
  const std::string& op = e.name.base;
  if (e.name.uid >= 0 || e.name.intrinsic) {
    ast::Expr fnExpr(K::Var, e.name.span);
    fnExpr.name = e.name;
    fnExpr.type = Type::function(e.elems[0]->type, Type::function(e.elems[1]->type, e.type));
    Value f = var(fnExpr, env);
    Value x = expr(*e.elems[0], env), y = expr(*e.elems[1], env);
    return apply(f, {Arg{x, resolve(e.elems[0]->type, env)}, Arg{y, resolve(e.elems[1]->type, env)}},
                 e.span);
  }
  if (op == "|>" || op == "<|") {
    const ast::Expr& argE = op == "|>" ? *e.elems[0] : *e.elems[1];
    const ast::Expr& fnE = op == "|>" ? *e.elems[1] : *e.elems[0];
    Value a = expr(argE, env);
    Value f = expr(fnE, env);
    return apply(f, {Arg{a, resolve(argE.type, env)}}, e.span);
  }
  if (op == "&&" || op == "||") {
    // Short-circuit: the right operand runs only when needed (it may index out of bounds).
    SubExp x = leaves(expr(*e.elems[0], env), e.span).at(0);
    ir::Body rhs = inBody([&] { return leaves(expr(*e.elems[1], env), e.span); });
    bool cheap = std::all_of(rhs.stms.begin(), rhs.stms.end(), [](const ir::Stm& st) {
      return std::holds_alternative<ir::BasicOp>(st.exp) && !ir::mayFail(st.exp);
    });
    if (cheap) {
      for (ir::Stm& st : rhs.stms)
        b_->add(std::move(st));
      return Value::of(b_->binOp(op == "&&" ? BinOpKind::LogAnd : BinOpKind::LogOr,
                                 PrimType::Bool, x, rhs.result.at(0), "cond"));
    }
    ir::If iff;
    iff.cond = x;
    iff.types = {ir::Type::prim(PrimType::Bool)};
    ir::Body shortcut{{}, {ir::PrimValue::boolean(op == "||")}};
    iff.thenBody = op == "&&" ? rhs : shortcut;
    iff.elseBody = op == "&&" ? shortcut : rhs;
    return Value::of(b_->let1("cond", iff));
  }
  TypeRef lt = resolve(e.elems[0]->type, env);
  if ((op == "==" || op == "!=") && lt && lt->kind != Type::Kind::Prim) {
    // Structural equality of tuples, records, sum values and arrays.
    Value x = expr(*e.elems[0], env);
    Value y = expr(*e.elems[1], env);
    SubExp eq = equal(lt, x, y, e.span);
    return Value::of(op == "==" ? eq : b_->unOp(ir::UnOpKind::Not, PrimType::Bool, eq, "ne"));
  }
  ir::PrimType t = primOf(e.elems[0]->type, env, e.span);
  Value x = expr(*e.elems[0], env);
  Value y = expr(*e.elems[1], env);
  return builtinBinOp(op, t, x, y, e.span);
}

Value Internaliser::apply(const Value& fn, std::vector<Arg> args, const SourceSpan& span) {
  if (fn.kind != Value::Kind::Fun)
    unsupported(span, "applying a non-function value");
  const FunValue& f = *fn.fun;
  std::vector<Arg> all = f.args;
  size_t need = f.arity - f.args.size();
  size_t take = std::min(need, args.size());
  all.insert(all.end(), args.begin(), args.begin() + static_cast<long>(take));
  if (take < need) { // partial application
    auto g = std::make_shared<FunValue>(f);
    g->args = std::move(all);
    Value v;
    v.kind = Value::Kind::Fun;
    v.fun = std::move(g);
    return v;
  }
  Value r = applyFull(f, std::move(all), span);
  if (take < args.size())
    return apply(r, std::vector<Arg>(args.begin() + static_cast<long>(take), args.end()), span);
  return r;
}

Value Internaliser::applyFull(const FunValue& f, std::vector<Arg> args, const SourceSpan& span) {
  SourceSpan outerSite = userSpan_;
  if (span.known() && !sema::isPreludeFile(span.file))
    userSpan_ = span;
  Value result;
  switch (f.kind) {
  case FunValue::Kind::Intrinsic:
    result = intrinsic(f, args, span);
    break;
  case FunValue::Kind::Op: {
    TypeRef p = f.type && f.type->kind == Type::Kind::Function ? f.type->param : nullptr;
    Env none;
    TypeRef pt = p ? p : args[0].type;
    if ((f.name == "==" || f.name == "!=") && pt && pt->kind != Type::Kind::Prim) {
      SubExp eq = equal(pt, args[0].value, args[1].value, span);
      result = Value::of(f.name == "==" ? eq : b_->unOp(ir::UnOpKind::Not, PrimType::Bool, eq, "ne"));
      break;
    }
    result = builtinBinOp(f.name, primOf(p ? p : args[0].type, none, span), args[0].value,
                          args[1].value, span);
    break;
  }
  case FunValue::Kind::RightSection: {
    if (f.sectionFn) {
      Value op;
      op.kind = Value::Kind::Fun;
      op.fun = f.sectionFn;
      result = apply(op, {args.at(0), f.section.at(0)}, span);
      break;
    }
    TypeRef p = f.type && f.type->kind == Type::Kind::Function ? f.type->param : nullptr;
    Env none;
    result = builtinBinOp(f.name, primOf(p ? p : args[0].type, none, span), args[0].value,
                          f.section.at(0).value, span);
    break;
  }
  case FunValue::Kind::IndexSection: {
    Env env = *f.env;
    const ast::Expr& sec = *f.indexSection;
    std::vector<SubExp> ls = leaves(args.at(0).value, sec.span);
    if (ls.empty() || !typeOf(ls[0]).isArray())
      unsupported(sec.span, "indexing a non-array");
    result = indexValue(args[0].value, slice(sec.indices, typeOf(ls[0]), env, sec.span));
    break;
  }
  case FunValue::Kind::Field: {
    result = args.at(0).value;
    for (const std::string& fld : f.fieldPath)
      result = project(result, fld, span);
    break;
  }
  case FunValue::Kind::Closure: {
    if (keepsCall(f))
      if (std::optional<Value> call = callKept(f, args, span)) {
        result = std::move(*call);
        break;
      }
    Env env = *f.env;
    for (size_t i = 0; i < f.params->size(); ++i) {
      const ast::Pattern& p = *(*f.params)[i];
      bindTypeVars(p.type, args[i].type, env);
    }
    for (size_t i = 0; i < f.params->size(); ++i)
      bindPattern(*(*f.params)[i], args[i].value, env);
    std::string hint = std::move(hint_);
    hint_.clear();
    result = expr(*f.body, env);
    if (f.decl && f.decl->retTypeExp) // Note [Declared result sizes]
      result = coerceToReturnType(*f.decl->retTypeExp, result, env, span);
    hint_ = std::move(hint);
    break;
  }
  }
  userSpan_ = outerSite;
  return result;
}

} // namespace fjord::internalise
