// Type abbreviations: `type name params = t`, with type parameters `'a` (`'~a`, `'^a`), size
// parameters `[n]`, and liftedness (`type~` may hide sizes, `type^` may contain functions).
//
// Note [Expanding abbreviations]
// A use of an abbreviation (`vec [m]`, `pair i32`) is replaced in place by a copy of the
// abbreviation's definition with the arguments put in for the parameters: `vec [m]` becomes
// `[m]f32`. Later stages then see the sizes that the abbreviation declares exactly as if the
// user had written them (binding `m` from an argument's shape, run-time size checks). The
// definition's own type expression was expanded when it was checked, so the copy names only
// primitive types, the parameters and structural types, and means the same in any scope.
#include "sema/Checker.h"

#include <algorithm>

namespace fjord::sema {

using ast::TypeExp;
using ast::TypeParam;

namespace {

bool isSizeParam(const TypeParam& tp) { return tp.kind == TypeParam::Kind::Size; }

/// `[n]` as an argument of a type application (an array type expression with no element).
bool isSizeArg(const TypeExp& te) { return te.kind == TypeExp::Kind::Array && te.args.empty(); }

/// A `[]` written in `te` (outside of a function type's parameter, where it is allowed).
const TypeExp* anonymousSize(const TypeExp& te) {
  if (te.kind == TypeExp::Kind::Array && !te.dimName && !te.dimConst && !te.dimExprVars)
    return &te;
  if (te.kind == TypeExp::Kind::Function)
    return te.args.size() > 1 && te.args[1] ? anonymousSize(*te.args[1]) : nullptr;
  for (const auto& a : te.args)
    if (a)
      if (const TypeExp* found = anonymousSize(*a))
        return found;
  for (const auto& [name, f] : te.fields)
    if (f)
      if (const TypeExp* found = anonymousSize(*f))
        return found;
  for (const auto& [name, payload] : te.constructors)
    for (const auto& p : payload)
      if (p)
        if (const TypeExp* found = anonymousSize(*p))
          return found;
  return nullptr;
}

/// An anonymous size `[]` in the parameter type of a function type inside `te`
/// (`type^ t = []bool -> bool`): a size an abbreviation would hide inside a function.
/// Whether the type expression `te` names the size `n` (`[n]`, `[n+1]`, `vec [n]`).
bool mentionsSize(const TypeExp& te, const std::string& n) {
  if (te.dimName && *te.dimName == n)
    return true;
  if (te.dimExprVars)
    for (const ast::Name& v : *te.dimExprVars)
      if (v.qualifiers.empty() && v.base == n)
        return true;
  for (const auto& a : te.args)
    if (a && mentionsSize(*a, n))
      return true;
  for (const auto& f : te.fields)
    if (f.second && mentionsSize(*f.second, n))
      return true;
  for (const auto& c : te.constructors)
    for (const auto& p : c.second)
      if (p && mentionsSize(*p, n))
        return true;
  return false;
}

const TypeExp* anonymousParamSize(const TypeExp& te) {
  if (te.kind == TypeExp::Kind::Function && te.args.size() > 1) {
    if (te.args[0])
      if (const TypeExp* found = anonymousSize(*te.args[0]))
        return found;
    return te.args[1] ? anonymousParamSize(*te.args[1]) : nullptr;
  }
  for (const auto& a : te.args)
    if (a)
      if (const TypeExp* found = anonymousParamSize(*a))
        return found;
  for (const auto& [name, f] : te.fields)
    if (f)
      if (const TypeExp* found = anonymousParamSize(*f))
        return found;
  return nullptr;
}

/// What replaces an abbreviation's parameters in a copy of its definition.
struct Substitution {
  std::map<std::string, const TypeExp*> types; ///< `'a` -> the type argument
  std::map<std::string, const TypeExp*> sizes; ///< `[n]` -> the size argument
};

/// A deep copy of `te`. Without `sub`, a plain copy that keeps its resolution (of an
/// argument, resolved at the use). With `sub`, a copy of a definition: the parameters are
/// replaced by (plain copies of) the arguments, and the definition's own nodes lose their
/// resolution, to be resolved at the use (Note [Expanding abbreviations]).
ast::TypeExpPtr instantiate(const TypeExp& te, const Substitution* sub) {
  if (sub && te.kind == TypeExp::Kind::Named && te.name.qualifiers.empty() && te.args.empty())
    if (auto it = sub->types.find(te.name.base); it != sub->types.end())
      return instantiate(*it->second, nullptr);
  auto out = std::make_unique<TypeExp>();
  out->kind = te.kind;
  out->span = te.span;
  out->name = te.name;
  out->dimName = te.dimName;
  out->dimConst = te.dimConst;
  out->dimExprVars = te.dimExprVars;
  out->dimExpr = te.dimExpr;
  for (const auto& [name, arg] : te.dimExprArgs)
    out->dimExprArgs[name] = instantiate(*arg, nullptr);
  if (sub && te.dimExpr && te.dimExprVars)
    for (const ast::Name& n : *te.dimExprVars)
      if (auto it = sub->sizes.find(n.base); it != sub->sizes.end())
        out->dimExprArgs[n.base] = instantiate(*it->second, nullptr);
  out->paramName = te.paramName;
  out->existentials = te.existentials;
  if (!sub) {
    out->resolved = te.resolved;
    out->dimUid = te.dimUid;
  }
  if (sub && te.kind == TypeExp::Kind::Array && te.dimName)
    if (auto it = sub->sizes.find(*te.dimName); it != sub->sizes.end()) {
      out->dimName = it->second->dimName;
      out->dimConst = it->second->dimConst;
      out->dimUid = it->second->dimUid;
    }
  for (const auto& a : te.args)
    out->args.push_back(a ? instantiate(*a, sub) : nullptr);
  for (const auto& [name, f] : te.fields)
    out->fields.emplace_back(name, f ? instantiate(*f, sub) : nullptr);
  for (const auto& [name, payload] : te.constructors) {
    std::vector<ast::TypeExpPtr> ps;
    for (const auto& p : payload)
      ps.push_back(p ? instantiate(*p, sub) : nullptr);
    out->constructors.emplace_back(name, std::move(ps));
  }
  return out;
}

} // namespace

bool containsFunction(const Type& t) {
  switch (t.kind) {
  case Type::Kind::Function:
    return true;
  case Type::Kind::Array:
  case Type::Kind::Acc:
    return containsFunction(*t.elem);
  case Type::Kind::Tuple:
    return std::any_of(t.elems.begin(), t.elems.end(),
                       [](const TypeRef& e) { return containsFunction(*e); });
  case Type::Kind::Record:
    return std::any_of(t.fields.begin(), t.fields.end(),
                       [](const auto& f) { return containsFunction(*f.second); });
  case Type::Kind::Sum:
    for (const auto& [name, payload] : t.constructors)
      for (const TypeRef& p : payload)
        if (containsFunction(*p))
          return true;
    return false;
  case Type::Kind::Prim:
  case Type::Kind::Var:
    return false;
  }
  return false;
}

void Checker::checkTypeDecl(ast::Decl& d) {
  size_t tmark = typeMark(), smark = localSizes_.size();
  std::vector<std::string> params;
  const std::string& lifted = d.liftedness;
  for (const TypeParam& tp : d.typeParams) {
    params.push_back(tp.name);
    if (isSizeParam(tp)) {
      localSizes_.push_back(tp.name);
      continue;
    }
    if (tp.kind == TypeParam::Kind::Lifted && lifted != "^")
      diags_.error(tp.span, "the lifted type parameter `'^" + tp.name +
                                "` needs a lifted type abbreviation (`type^`)");
    else if (tp.kind == TypeParam::Kind::SizeLifted && lifted.empty())
      diags_.error(tp.span, "the size-lifted type parameter `'~" + tp.name +
                                "` needs a size-lifted type abbreviation (`type~`)");
    types_.push_back(TypeEntry{tp.name, Type::typeVar(tp.name), {}, nullptr});
  }
  size_t diagMark = diags_.all().size();
  TypeRef t = d.retTypeExp ? resolveTypeExp(*d.retTypeExp) : fresh(d.span);
  // A definition with an error (`type t = t`: its `t` is unknown) is not expanded at uses:
  // the expansion would meet the abbreviation's own name again, endlessly.
  bool broken = std::any_of(diags_.all().begin() + static_cast<std::ptrdiff_t>(diagMark),
                            diags_.all().end(),
                            [](const Diagnostic& x) { return x.severity == Severity::Error; });
  popTypes(tmark);
  localSizes_.resize(smark);
  t = tv_.zonk(t);
  if (lifted != "^" && containsFunction(*t))
    diags_.error(d.span, "type abbreviation `" + d.name.base + "` contains a function type `" +
                             t->str() + "`; declare it lifted with `type^`");
  else if (lifted.empty() && d.retTypeExp && !d.abstractType) // checked at its definition
    if (const TypeExp* anon = anonymousSize(*d.retTypeExp))
      diags_.error(anon->span, "type abbreviation `" + d.name.base +
                                   "` has an array of unknown size; give the size as a "
                                   "parameter (`[n]`) or declare it with `type~`");
  // As in Futhark, each size parameter must be used, or no use could say what it stands for.
  if (d.retTypeExp && !d.abstractType && !broken)
    for (const TypeParam& tp : d.typeParams)
      if (isSizeParam(tp) && !mentionsSize(*d.retTypeExp, tp.name)) {
        diags_.error(tp.span, "size parameter `[" + tp.name + "]` of type abbreviation `" +
                                  d.name.base + "` is unused");
        break;
      }
  if (d.retTypeExp && !d.abstractType)
    if (const TypeExp* anon = anonymousParamSize(*d.retTypeExp))
      diags_.error(anon->span, "type abbreviation `" + d.name.base +
                                   "` hides an anonymous size in a function parameter; name "
                                   "it with a size parameter (`[n]`)");
  if (d.abstractType) { // Note [Abstract types] in Modules.h: a rigid type of its own
    // A functor's parameter's abstract type has no definition: it is only itself.
    if (d.retTypeExp) {
      TypeVars::AbstractDefinition def{t, {}, {}};
      for (const TypeParam& tp : d.typeParams)
        (isSizeParam(tp) ? def.sizeParams : def.typeParams).push_back(tp.name);
      tv_.abstractTypes[d.name.base] = std::move(def);
    }
    abstractSpecs_[d.name.base] = d.span;
    if (!d.retTypeExp && !lifted.empty())
      liftedAbstract_[d.name.base] = lifted;
    types_.push_back(
        TypeEntry{d.name.base, Type::typeVar(d.name.base), std::move(params), nullptr, &d});
    return;
  }
  types_.push_back(TypeEntry{d.name.base, t, std::move(params), broken ? nullptr : &d});
}

TypeRef Checker::applyAbstract(TypeExp& te, const TypeEntry& entry) {
  const ast::Decl& d = *entry.abstractDecl;
  std::vector<Size> sizes;
  std::vector<TypeRef> types;
  for (size_t i = 0; i < d.typeParams.size(); ++i) {
    const TypeParam& tp = d.typeParams[i];
    TypeExp& arg = *te.args[i];
    if (isSizeParam(tp) != isSizeArg(arg)) {
      diags_.error(arg.span, "type `" + te.name.str() + "` expects " +
                                 (isSizeParam(tp) ? "a size `[" + tp.name + "]`"
                                                  : "a type for `'" + tp.name + "`") +
                                 " as argument " + std::to_string(i + 1));
      return fresh(te.span);
    }
    if (isSizeParam(tp))
      sizes.push_back(resolveDim(arg));
    else
      types.push_back(tv_.zonk(resolveTypeExp(arg)));
  }
  return Type::abstractApp(entry.name, std::move(sizes), std::move(types));
}

TypeRef Checker::expandAbbreviation(TypeExp& te, const TypeEntry& entry) {
  const ast::Decl& d = *entry.decl;
  Substitution sub;
  bool ok = true;
  for (size_t i = 0; i < d.typeParams.size(); ++i) {
    const TypeParam& tp = d.typeParams[i];
    TypeExp& arg = *te.args[i];
    if (isSizeParam(tp) != isSizeArg(arg)) {
      diags_.error(arg.span, "type `" + te.name.str() + "` expects " +
                                 (isSizeParam(tp) ? "a size `[" + tp.name + "]`"
                                                  : "a type for `'" + tp.name + "`") +
                                 " as argument " + std::to_string(i + 1));
      ok = false;
      continue;
    }
    if (isSizeParam(tp)) {
      resolveTypeExpRec(arg); // resolves the size's name (dimUid)
      sub.sizes[tp.name] = &arg;
      continue;
    }
    TypeRef argType = tv_.zonk(resolveTypeExp(arg));
    if (tp.kind != TypeParam::Kind::Lifted && containsFunction(*argType)) {
      diags_.error(arg.span, "the function type `" + argType->str() +
                                 "` cannot be an argument for the parameter `'" + tp.name +
                                 "` of `" + te.name.str() + "`; it would have to be `'^" +
                                 tp.name + "`");
      ok = false;
      continue;
    }
    sub.types[tp.name] = &arg;
  }
  if (!ok || !d.retTypeExp)
    return fresh(te.span);
  ast::TypeExpPtr expanded = instantiate(*d.retTypeExp, &sub);
  SourceSpan span = te.span;
  te = std::move(*expanded);
  te.span = span;
  return resolveTypeExpRec(te);
}

} // namespace fjord::sema
