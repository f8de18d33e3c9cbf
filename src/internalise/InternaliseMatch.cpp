// `match` as a chain of `if`s: each case's pattern becomes a condition on the scrutinee's
// flattened components; the last refutable case is guarded by an assertion.
#include "internalise/Internaliser.h"

namespace fjord::internalise {

using ir::BinOpKind;
using ir::CmpOpKind;
using ir::SubExp;

namespace {

/// The value of a literal pattern (`1`, `-2`, `true`, `'a'`, `1.5`) at type `t`.
ir::PrimValue patternLiteral(const ast::Expr& lit, ir::PrimType t) {
  const ast::Expr* l = &lit;
  bool neg = false;
  if (l->kind == ast::Expr::Kind::Negate) {
    neg = true;
    l = l->elems.at(0).get();
  }
  switch (l->kind) {
  case ast::Expr::Kind::BoolLit:
    return ir::PrimValue::boolean(l->boolValue);
  case ast::Expr::Kind::FloatLit:
    return floatConstant(t, neg ? -l->floatValue : l->floatValue);
  default: {
    auto i = static_cast<int64_t>(l->intValue);
    if (neg)
      i = static_cast<int64_t>(0ULL - static_cast<uint64_t>(i));
    if (isFloat(t))
      return floatConstant(t, static_cast<double>(i));
    return ir::PrimValue::integer(t, i);
  }
  }
}

} // namespace

std::optional<SubExp> Internaliser::patternTest(const ast::Pattern& p, const TypeRef& type,
                                                const Value& v, Env& env) {
  using PK = ast::Pattern::Kind;
  TypeRef t = type ? type : resolve(p.type, env);
  auto never = [](const std::optional<SubExp>& c) {
    return c && !c->isVar() && c->constant().i == 0;
  };
  auto both = [&](std::optional<SubExp> acc, std::optional<SubExp> c) -> std::optional<SubExp> {
    if (!acc || !c)
      return acc ? acc : c;
    if (never(acc) || never(c)) // another constructor of a direct sum (Note [Sum types])
      return SubExp(ir::PrimValue::boolean(false));
    return b_->binOp(BinOpKind::LogAnd, PrimType::Bool, *acc, *c, "matches");
  };
  switch (p.kind) {
  case PK::Id:
    env.vars[p.name.uid] = v;
    return std::nullopt;
  case PK::Wildcard:
    return std::nullopt;
  case PK::Ascribed:
    if (p.typeExp)
      bindSizes(*p.typeExp, v, 0, env);
    return patternTest(*p.elems.at(0), t, v, env);
  case PK::Tuple: {
    if (p.elems.size() == 1)
      return patternTest(*p.elems[0], t, v, env);
    if (v.kind != Value::Kind::Tuple || v.elems.size() != p.elems.size())
      unsupported(p.span, "this tuple pattern");
    std::optional<SubExp> acc;
    for (size_t i = 0; i < p.elems.size(); ++i) {
      TypeRef et = t && t->kind == Type::Kind::Tuple && i < t->elems.size() ? t->elems[i] : nullptr;
      acc = both(acc, patternTest(*p.elems[i], et, v.elems[i], env));
    }
    return acc;
  }
  case PK::Record: {
    std::optional<SubExp> acc;
    for (const auto& [field, sub] : p.fields) {
      Value fv = project(v, field, p.span);
      TypeRef ft;
      if (t && t->kind == Type::Kind::Record)
        for (const auto& [n, f] : t->fields)
          if (n == field)
            ft = f;
      if (sub)
        acc = both(acc, patternTest(*sub, ft, fv, env));
    }
    return acc;
  }
  case PK::Literal: {
    ir::PrimType pt = primOf(t, env, p.span);
    return b_->cmpOp(CmpOpKind::Eq, pt, leaves(v, p.span).at(0), patternLiteral(*p.literal, pt),
                     "is_lit");
  }
  case PK::Constructor: {
    if (!t || t->kind != Type::Kind::Sum || v.kind != Value::Kind::Sum)
      unsupported(p.span, "a constructor pattern of type `" + (t ? t->str() : "?") + "`");
    size_t k = t->constructors.size();
    for (size_t i = 0; i < t->constructors.size(); ++i)
      if (t->constructors[i].first == p.name.base)
        k = i;
    if (k == t->constructors.size())
      unsupported(p.span, "the constructor `#" + p.name.base + "` here");
    if (v.direct) {
      // The constructor is known (Note [Sum types]): no test, or a test that fails.
      if (directTag(v) != k)
        return SubExp(ir::PrimValue::boolean(false));
      std::optional<SubExp> acc;
      const std::vector<TypeRef>& pts = t->constructors[k].second;
      for (size_t i = 0; i < p.elems.size() && i + 1 < v.elems.size(); ++i)
        acc = both(acc, patternTest(*p.elems[i], pts[i], v.elems[i + 1], env));
      return acc;
    }
    SubExp tag = leaves(v.elems.at(0), p.span).at(0);
    std::optional<SubExp> acc = b_->cmpOp(
        CmpOpKind::Eq, PrimType::U8, tag,
        ir::PrimValue::integer(PrimType::U8, static_cast<int64_t>(k)), "is_" + p.name.base);
    std::vector<Value> pl = payload(*t, k, v, p.span);
    const std::vector<TypeRef>& pts = t->constructors[k].second;
    for (size_t i = 0; i < p.elems.size() && i < pl.size(); ++i)
      acc = both(acc, patternTest(*p.elems[i], pts[i], pl[i], env));
    return acc;
  }
  }
  unsupported(p.span, "this pattern");
}

Value Internaliser::match(const ast::Expr& e, Env& env) {
  Value scrut = expr(*e.elems.at(0), env);
  if (e.cases.empty())
    unsupported(e.span, "a `match` without cases");
  return matchFrom(e, 0, scrut, resolve(e.elems[0]->type, env), env);
}

Value Internaliser::matchFrom(const ast::Expr& e, size_t k, const Value& scrut, const TypeRef& t,
                              const Env& env) {
  const ast::MatchCase& c = e.cases.at(k);
  Env inner = env;
  std::optional<SubExp> cond = patternTest(*c.pattern, t, scrut, inner);
  if (!cond) // irrefutable: later cases are unreachable
    return expr(*c.body, inner);
  if (!cond->isVar() && cond->constant().i == 0 && k + 1 < e.cases.size())
    return matchFrom(e, k + 1, scrut, t, env); // never taken (another constructor's case
                                               // of a direct sum: its names are unbound)
  if (k + 1 == e.cases.size()) {
    // As the interpreter: a value that no case matches is a run-time error.
    b_->assertion(*cond, "no case of this `match` matches the value at " + location(e.span),
                  site(e.span));
    return expr(*c.body, inner);
  }
  Value shape;
  ir::Body thenB = inBody([&] {
    shape = expr(*c.body, inner);
    return leaves(shape, c.span);
  });
  ir::Body elseB = inBody([&] { return leaves(matchFrom(e, k + 1, scrut, t, env), e.span); });
  std::vector<ir::VName> names = letIf(hint_.empty() ? "match_res" : hint_, *cond,
                                       std::move(thenB), std::move(elseB),
                                       {site(c.span), "match"}, e.span);
  return rebuild(shape, std::vector<SubExp>(names.begin(), names.end()));
}

} // namespace fjord::internalise
