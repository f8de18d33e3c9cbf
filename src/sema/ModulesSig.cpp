// Module types of the module pass (ModulesSig.h): evaluating module-type expressions and
// matching modules against them (missing items are located errors; what the module type
// does not name is hidden).
#include "sema/ModulesSig.h"

#include <algorithm>
#include <cctype>

namespace fjord::sema::modules {

using ast::SigExp;
using ast::Spec;

namespace {

void addItems(Sig& into, const Sig& from) {
  auto add = [](std::vector<Sig::Item>& to, const std::vector<Sig::Item>& items) {
    for (const Sig::Item& i : items) {
      std::erase_if(to, [&](const Sig::Item& old) { return old.name == i.name; });
      to.push_back(i);
    }
  };
  add(into.vals, from.vals);
  add(into.types, from.types);
  add(into.modules, from.modules);
}

/// The type argument that passes the type parameter `tp` on: `[n]` or `a`.
ast::TypeExpPtr typeParamArg(const ast::TypeParam& tp) {
  auto arg = std::make_unique<ast::TypeExp>();
  arg->span = tp.span;
  if (tp.kind == ast::TypeParam::Kind::Size) {
    arg->kind = ast::TypeExp::Kind::Array;
    arg->dimName = tp.name;
  } else {
    arg->kind = ast::TypeExp::Kind::Named;
    arg->name.base = tp.name;
    arg->name.span = tp.span;
  }
  return arg;
}

/// Liftedness ordered: `type` < `type~` (may hide sizes) < `type^` (may hold functions).
int liftRank(const std::string& l) { return l == "^" ? 2 : l == "~" ? 1 : 0; }

std::string liftDescription(const std::string& l) {
  return l == "^" ? "lifted (`type^`)" : l == "~" ? "size-lifted (`type~`)" : "non-lifted (`type`)";
}

/// Where a constant's spec type (not a function) names a type of `sig` specified `type~`.
const ast::TypeExp* sizeLiftedUse(const ast::TypeExp& t, const Sig& sig) {
  if (t.kind == ast::TypeExp::Kind::Function)
    return nullptr;
  if (t.kind == ast::TypeExp::Kind::Named && t.name.qualifiers.empty())
    for (const Sig::Item& item : sig.types)
      if (item.name == t.name.base && item.spec && item.spec->liftedness == "~")
        return &t;
  for (const ast::TypeExpPtr& a : t.args)
    if (const ast::TypeExp* at = a ? sizeLiftedUse(*a, sig) : nullptr)
      return at;
  for (const auto& [name, f] : t.fields)
    if (const ast::TypeExp* at = f ? sizeLiftedUse(*f, sig) : nullptr)
      return at;
  return nullptr;
}

SigRef namedSig(const ast::Name& name, const Env& scope, DiagnosticEngine& diags) {
  const Env* env = &scope;
  for (const std::string& q : name.qualifiers) {
    auto it = env->modules.find(q);
    if (it == env->modules.end() || it->second->kind != Module::Kind::Struct) {
      diags.error(name.span, "unknown module `" + q + "`");
      return nullptr;
    }
    env = &it->second->members;
  }
  auto it = env->sigs.find(name.base);
  if (it == env->sigs.end()) {
    diags.error(name.span, "unknown module type `" + name.str() + "`");
    return nullptr;
  }
  return it->second;
}

/// `def sigcheck_f [n] 'a (x0: A0) ... : R = f x0 ...`: the checker then reports a value
/// whose type does not fit its `val` specification. The spec's types are read where the
/// module type was written, its type names standing for the module's own types.
ast::DeclPtr valCheck(const Sig::Item& item, const ast::Name& flat, const Env& sigTypes,
                      DiagnosticEngine& diags, const std::string& name) {
  Env env = item.scope;
  for (const auto& [t, n] : sigTypes.types)
    env.types[t] = n;
  for (const auto& [m, mod] : sigTypes.modules)
    env.modules[m] = mod;
  Renamer r(env, diags);
  r.bindTypeParams(item.spec->typeParams);
  auto d = std::make_unique<ast::Decl>(ast::Decl::Kind::Value, flat.span);
  d->name.base = name;
  d->name.span = flat.span;
  d->sealing = true;
  d->sealedSpec = item.span;
  d->sealedName = item.name;
  d->typeParams = item.spec->typeParams;
  auto call = std::make_unique<ast::Expr>(ast::Expr::Kind::Apply, flat.span);
  auto fn = std::make_unique<ast::Expr>(ast::Expr::Kind::Var, flat.span);
  fn->name = flat;
  call->elems.push_back(std::move(fn));
  const ast::TypeExp* t = item.spec->type.get();
  for (int i = 0; t->kind == ast::TypeExp::Kind::Function; ++i) {
    std::string param = t->paramName.empty() ? "x" + std::to_string(i) : t->paramName;
    auto id = std::make_unique<ast::Pattern>();
    id->kind = ast::Pattern::Kind::Id;
    id->span = t->args[0]->span;
    id->name.base = param;
    id->name.span = id->span;
    auto asc = std::make_unique<ast::Pattern>();
    asc->kind = ast::Pattern::Kind::Ascribed;
    asc->span = id->span;
    asc->typeExp = r.type(*t->args[0]);
    asc->elems.push_back(std::move(id));
    d->params.push_back(std::move(asc));
    r.bindValue(param);
    auto arg = std::make_unique<ast::Expr>(ast::Expr::Kind::Var, flat.span);
    arg->name.base = param;
    arg->name.span = flat.span;
    call->elems.push_back(std::move(arg));
    t = t->args[1].get();
  }
  d->retTypeExp = r.type(*t);
  if (call->elems.size() == 1)
    d->body = std::move(call->elems[0]);
  else
    d->body = std::move(call);
  return d;
}

/// `def typecheck_t [n] 'a (x: t_flat [n] a) : u = x`: the checker then reports a module
/// whose type `t` is not the `u` of its specification `type t [n] 'a = u` (or `with t =
/// u`). The spec's other type names stand for the module's own types (`haveTypes`).
ast::DeclPtr typeSpecCheck(const Sig::Item& item, const ast::Name& flat, const Env& haveTypes,
                           DiagnosticEngine& diags, const std::string& name) {
  Env env = item.scope;
  env.merge(haveTypes);
  Renamer r(env, diags);
  r.bindTypeParams(item.params);
  auto d = std::make_unique<ast::Decl>(ast::Decl::Kind::Value, flat.span);
  d->name.base = name;
  d->name.span = flat.span;
  d->sealing = true;
  d->sealsTypeSpec = true;
  d->checkOnly = true;
  d->sealedSpec = item.span;
  d->sealedName = item.name;
  d->typeParams = item.params;
  auto have = std::make_unique<ast::TypeExp>();
  have->kind = ast::TypeExp::Kind::Named;
  have->span = flat.span;
  have->name = flat;
  for (const ast::TypeParam& tp : item.params)
    have->args.push_back(typeParamArg(tp));
  auto id = std::make_unique<ast::Pattern>();
  id->kind = ast::Pattern::Kind::Id;
  id->span = flat.span;
  id->name.base = "x";
  id->name.span = flat.span;
  auto param = std::make_unique<ast::Pattern>();
  param->kind = ast::Pattern::Kind::Ascribed;
  param->span = flat.span;
  param->typeExp = std::move(have);
  param->elems.push_back(std::move(id));
  d->params.push_back(std::move(param));
  r.bindValue("x");
  d->retTypeExp = r.type(*item.definition);
  d->body = std::make_unique<ast::Expr>(ast::Expr::Kind::Var, flat.span);
  d->body->name.base = "x";
  d->body->name.span = flat.span;
  return d;
}

/// `type M.u params = definition`: a transparent spec of a sealed module, its type names
/// read in `sigTypes` (the sealed module's types).
ast::DeclPtr transparentTypeDecl(const std::string& name, const Sig::Item& item,
                                 const Env& sigTypes, DiagnosticEngine& diags) {
  Env env = item.scope;
  env.merge(sigTypes);
  Renamer r(env, diags);
  r.bindTypeParams(item.params);
  auto d = std::make_unique<ast::Decl>(ast::Decl::Kind::Type, item.span);
  d->name.base = name;
  d->name.span = item.span;
  d->liftedness = item.spec->liftedness;
  d->typeParams = item.params;
  d->retTypeExp = r.type(*item.definition);
  return d;
}

/// `type M.t = t_flat`: the abstract type `item` of an opaque ascription, whose checker
/// type is distinct from its definition outside the sealing declarations.
ast::DeclPtr abstractTypeDecl(const std::string& name, const ast::Name& definition,
                              const Sig::Item& item) {
  auto d = std::make_unique<ast::Decl>(ast::Decl::Kind::Type, item.span);
  d->name.base = name;
  d->name.span = definition.span;
  d->abstractType = true;
  d->liftedness = item.spec->liftedness;
  // `type M.t [n] 'a = t_flat [n] a`: the parameters of the specification, passed on.
  d->typeParams = item.spec->typeParams;
  auto te = std::make_unique<ast::TypeExp>();
  te->kind = ast::TypeExp::Kind::Named;
  te->span = definition.span;
  te->name = definition;
  for (const ast::TypeParam& tp : item.spec->typeParams)
    te->args.push_back(typeParamArg(tp));
  d->retTypeExp = std::move(te);
  return d;
}

} // namespace

SigRef evalSig(const SigExp& e, const Env& scope, DiagnosticEngine& diags) {
  switch (e.kind) {
  case SigExp::Kind::Name:
    return namedSig(e.name, scope, diags);
  case SigExp::Kind::Specs: {
    auto sig = std::make_shared<Sig>();
    reportDuplicateSpecs(e.specs, diags);
    for (const Spec& s : e.specs) {
      Sig::Item item;
      item.name = s.name.base;
      item.span = s.span;
      item.spec = &s;
      switch (s.kind) {
      case Spec::Kind::Val:
        item.scope = scope;
        sig->vals.push_back(std::move(item));
        break;
      case Spec::Kind::Type:
        item.abstract = !s.type;
        item.definition = s.type.get();
        item.params = s.typeParams;
        item.scope = scope;
        sig->types.push_back(std::move(item));
        break;
      case Spec::Kind::Module:
        item.sig = evalSig(*s.sig, scope, diags);
        if (item.sig)
          sig->modules.push_back(std::move(item));
        break;
      case Spec::Kind::Include:
        if (SigRef inner = evalSig(*s.sig, scope, diags))
          addItems(*sig, *inner);
        break;
      }
    }
    return sig;
  }
  case SigExp::Kind::With: {
    SigRef inner = evalSig(*e.inner, scope, diags);
    if (!inner)
      return nullptr;
    auto sig = std::make_shared<Sig>(*inner);
    // `with N.t = u` refines the type t of the module item N.
    std::vector<Sig::Item>* items = &sig->types;
    Sig* inSig = sig.get();
    for (const std::string& q : e.withName.qualifiers) {
      auto it = std::find_if(inSig->modules.begin(), inSig->modules.end(),
                             [&](const Sig::Item& i) { return i.name == q; });
      if (it == inSig->modules.end() || !it->sig) {
        items = nullptr;
        break;
      }
      auto sub = std::make_shared<Sig>(*it->sig);
      it->sig = sub;
      inSig = sub.get();
      items = &sub->types;
    }
    auto it = items ? std::find_if(items->begin(), items->end(),
                                   [&](const Sig::Item& i) { return i.name == e.withName.base; })
                    : std::vector<Sig::Item>::iterator();
    if (!items || it == items->end()) {
      diags.error(e.withName.span,
                  "`with " + e.withName.str() + "`: the module type has no type `" +
                      e.withName.str() + "`");
      return sig;
    }
    it->abstract = false;
    it->span = e.withName.span; // a mismatch is noted at the `with`
    it->definition = e.withType.get();
    it->params = e.withParams;
    it->scope = scope;
    return sig;
  }
  case SigExp::Kind::Functor: {
    auto sig = std::make_shared<Sig>();
    sig->functor = true;
    return sig;
  }
  }
  return nullptr;
}

ModuleRef matchSig(const ModuleRef& mod, const Sig& sig, const SourceSpan& span,
                   DiagnosticEngine& diags, std::vector<ast::DeclPtr>& checks,
                   const std::function<std::string(const std::string&)>& fresh,
                   const TypeFacts& facts, const std::string& sealPath,
                   const Env& outerTypes,
                   const Env& outerHaveTypes) {
  if (sig.functor || mod->kind == Module::Kind::Prim)
    return mod;
  if (mod->kind == Module::Kind::Functor) {
    diags.error(span, "a functor is given where a module is expected");
    return mod;
  }
  auto out = std::make_shared<Module>();
  out->span = mod->span;
  const Env& have = mod->members;
  // The first missing item is reported (with where it is specified); the others counted.
  std::vector<std::pair<const char*, const Sig::Item*>> missed;
  auto missing = [&](const char* what, const Sig::Item& item) { missed.emplace_back(what, &item); };
  // Note [Abstract types]: sealing gives each abstract type a name of its own.
  for (const Sig::Item& t : sig.types) {
    auto it = have.types.find(t.name);
    if (it == have.types.end()) {
      missing("the type", t);
      continue;
    }
    if (t.spec && t.abstract) { // `with t = u` is as lifted as u
      auto lifted = facts.liftedness.find(it->second.base);
      const std::string& have = lifted == facts.liftedness.end() ? "" : lifted->second;
      if (liftRank(have) > liftRank(t.spec->liftedness)) {
        diags
            .error(span, "the type `" + t.name + "` is declared " + liftDescription(have) +
                             ", but its module type requires a " +
                             liftDescription(t.spec->liftedness) + " type")
            .note(it->second.span, "`" + t.name + "` is defined here")
            .note(t.span, "`" + t.name + "` is specified here");
        return nullptr;
      }
    }
    if (auto unused = facts.nonConstructive.find(it->second.base);
        t.abstract && t.spec && unused != facts.nonConstructive.end() && !unused->second.empty()) {
      diags
          .error(span, "the size parameter `" + unused->second.front() + "` of `" + t.name +
                           "` is not used constructively (as an array size `[" +
                           unused->second.front() + "]`) in its definition, so `" + t.name +
                           "` cannot be abstract")
          .note(it->second.span, "`" + t.name + "` is defined here")
          .note(t.span, "`" + t.name + "` is specified here");
      return nullptr;
    }
    if (sealPath.empty() || !t.abstract || !t.spec) {
      out->members.types[t.name] = it->second;
      continue;
    }
    ast::Name hidden;
    hidden.base = fresh(sealPath + "." + t.name);
    hidden.span = it->second.span;
    checks.push_back(abstractTypeDecl(hidden.base, it->second, t));
    out->members.types[t.name] = hidden;
  }
  // `type t = u` specs (and `with t = u`): the module's t must be u.
  Env haveTypes = outerHaveTypes;
  for (const Sig::Item& t : sig.types)
    if (auto it = have.types.find(t.name); it != have.types.end())
      haveTypes.types[t.name] = it->second;
  for (const Sig::Item& m : sig.modules)
    if (auto it = have.modules.find(m.name); it != have.modules.end())
      haveTypes.modules[m.name] = it->second;
  for (const Sig::Item& t : sig.types)
    if (auto it = have.types.find(t.name);
        it != have.types.end() && !t.abstract && t.definition)
      checks.push_back(typeSpecCheck(t, it->second, haveTypes, diags, fresh("typecheck_" + t.name)));
  // The spec's type names: the enclosing module types' and this one's, as the module has them
  // (its module items' too, which `val`s may name: `int.t`).
  Env sigTypes = outerTypes;
  for (const auto& [t, n] : out->members.types)
    sigTypes.types[t] = n;
  // Sealed, a transparent spec `type u = t` is seen as the spec says: naming the abstract
  // types (`M.t`), not the module's definitions of them.
  if (!sealPath.empty())
    for (const Sig::Item& t : sig.types)
      if (!t.abstract && t.definition && t.spec && have.types.count(t.name)) {
        ast::Name seen;
        seen.base = fresh(sealPath + "." + t.name);
        seen.span = have.types.at(t.name).span;
        checks.push_back(transparentTypeDecl(seen.base, t, sigTypes, diags));
        out->members.types[t.name] = seen;
        sigTypes.types[t.name] = seen;
      }
  for (const Sig::Item& m : sig.modules) {
    auto it = have.modules.find(m.name);
    if (it == have.modules.end()) {
      missing("the module", m);
      continue;
    }
    size_t first = checks.size();
    out->members.modules[m.name] =
        matchSig(it->second, *m.sig, span, diags, checks, fresh, facts,
                 sealPath.empty() ? "" : sealPath + "." + m.name, sigTypes, haveTypes);
    if (out->members.modules[m.name])
      sigTypes.modules[m.name] = out->members.modules[m.name];
    // A mismatch names the value by its path in the module type (`bar.x`).
    for (size_t i = first; i < checks.size(); ++i)
      if (checks[i]->sealing)
        checks[i]->sealedName = m.name + "." + checks[i]->sealedName;
  }
  for (const Sig::Item& v : sig.vals) {
    auto it = have.values.find(v.name);
    if (it == have.values.end()) {
      missing("the value", v);
      continue;
    }
    out->members.values[v.name] = it->second;
    if (!v.spec || !v.spec->type)
      continue;
    if (auto defLift = facts.typeParamLift.find(it->second.base);
        defLift != facts.typeParamLift.end() &&
        typeParamLift(v.spec->typeParams) > defLift->second) {
      diags.error(span, "the value `" + v.name + "` is less polymorphic than its `val` "
                        "specification: the spec's type parameters are more lifted (`'^a`, "
                        "`'~a`) than the definition's")
          .note(it->second.span, "`" + v.name + "` is defined here")
          .note(v.span, "`" + v.name + "` is specified here");
      return nullptr;
    }
    if (const ast::TypeExp* at = sizeLiftedUse(*v.spec->type, sig)) {
      diags.error(span, "the value `" + v.name + "` is not a function, so its type may not be "
                        "the size-lifted type `" + at->name.str() + "` (`type~`): a constant "
                        "has one size")
          .note(v.span, "`" + v.name + "` is specified here");
      return nullptr;
    }
    bool alpha = std::isalpha(static_cast<unsigned char>(v.name[0]));
    ast::DeclPtr check =
        valCheck(v, it->second, sigTypes, diags, fresh(alpha ? "sigcheck_" + v.name : "sigcheck_op"));
    // Sealed, the value is seen through its specification (Note [Abstract types]).
    if (!sealPath.empty()) {
      out->members.values[v.name].base = check->name.base;
      out->members.values[v.name].span = check->name.span;
    }
    checks.push_back(std::move(check));
  }
  if (!missed.empty()) {
    auto [what, item] = missed.front();
    std::string more =
        missed.size() > 1 ? " (and " + std::to_string(missed.size() - 1) + " more)" : "";
    diags
        .error(span, std::string("the module does not define ") + what + " `" + item->name +
                         "` that its module type requires" + more)
        .note(item->span, "`" + item->name + "` is specified here");
    return nullptr;
  }
  return out;
}

} // namespace fjord::sema::modules
