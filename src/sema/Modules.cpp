// The module pass (Note [Flattening modules] in Modules.h): walks the user's files in
// order, flattening declarations, module bindings, functor applications, `open`,
// `include` and `local` into plain top-level declarations of the main file.
#include "sema/Modules.h"

#include "sema/Check.h"
#include "sema/ModuleEnv.h"
#include "sema/ModulesSig.h"

#include <algorithm>
#include <cctype>
#include <utility>

namespace fjord::sema {
namespace modules {
namespace {

using ast::Decl;
using ast::DeclPtr;
using ast::ModExp;
using DK = ast::Decl::Kind;

/// Whether `t` has the array dimension `[n]` (n alone, not in a size expression).
bool namesDimension(const ast::TypeExp& t, const std::string& n) {
  if (t.kind == ast::TypeExp::Kind::Array && t.dimName == n && !t.dimExpr)
    return true;
  for (const ast::TypeExpPtr& a : t.args)
    if (a && namesDimension(*a, n))
      return true;
  for (const auto& [name, f] : t.fields)
    if (f && namesDimension(*f, n))
      return true;
  for (const auto& [name, payload] : t.constructors)
    for (const ast::TypeExpPtr& p : payload)
      if (p && namesDimension(*p, n))
        return true;
  return false;
}

/// Where flattened declarations go, and under which names.
class Flattener {
public:
  explicit Flattener(DiagnosticEngine& diags) : diags_(diags) {
    for (PrimType p : {PrimType::I8, PrimType::I16, PrimType::I32, PrimType::I64, PrimType::U8,
                       PrimType::U16, PrimType::U32, PrimType::U64, PrimType::F16,
                       PrimType::F32, PrimType::F64}) {
      auto m = std::make_shared<Module>();
      m->kind = Module::Kind::Prim;
      m->prim = p;
      base_.modules[primName(p)] = m;
    }
    reserved_.insert("main");
  }

  /// The prelude's module types: known everywhere; removed from the prelude's files.
  void preludeFile(ast::Program& file) {
    std::vector<DeclPtr> kept;
    for (DeclPtr& d : file.decls) {
      if (d->kind == DK::Module && d->module->kind == ast::ModuleDecl::Kind::Type) {
        base_.sigs[d->module->name.base] = evalSig(*d->module->sig, base_, diags_);
        preludeSigs_.push_back(std::move(d)); // the module type's items point into it
      } else {
        kept.push_back(std::move(d));
      }
    }
    file.decls = std::move(kept);
  }

  void reserveEntries(const ast::Program& main) {
    for (const DeclPtr& d : main.decls)
      if (d->kind == DK::Value && (d->isEntry || d->name.base == "main"))
        usedNames_.insert(d->name.base);
  }

  void userFile(ast::Program& file, bool isMain) {
    isMain_ = isMain;
    Env scope = base_, exports;
    // An imported file's names carry its name, so that the merged file never lets the
    // checker find a name the pass left alone (a prelude name) among them.
    std::string prefix = isMain ? "" : fileStem(file.file->path);
    reportDuplicateDecls(file.decls, diags_);
    for (const DeclPtr& d : file.decls)
      decl(*d, prefix, scope, &exports, /*top=*/true);
    exports_[file.file->path] = std::move(exports);
  }

  std::vector<DeclPtr> takeOutput() { return std::move(out_); }

private:
  std::string fresh(const std::string& prefix, const std::string& base) {
    std::string candidate = prefix.empty() ? base : prefix + "_" + base;
    std::string name = candidate;
    for (int i = 1; usedNames_.count(name) || reserved_.count(name); ++i)
      name = candidate + "_" + std::to_string(i);
    usedNames_.insert(name);
    return name;
  }

  static std::string fileStem(const std::string& path) {
    size_t slash = path.find_last_of('/');
    std::string stem = path.substr(slash == std::string::npos ? 0 : slash + 1);
    if (stem.ends_with(".fut"))
      stem.resize(stem.size() - 4);
    for (char& c : stem)
      if (!std::isalnum(static_cast<unsigned char>(c)))
        c = '_';
    return stem;
  }

  static std::string join(const std::string& prefix, const std::string& name) {
    return prefix.empty() ? name : prefix + "_" + name;
  }

  void emit(DeclPtr d, bool local) {
    (void)local;
    d->checkOnly = d->checkOnly || checkOnly_;
    out_.push_back(std::move(d));
  }

  void decl(const Decl& d, const std::string& prefix, Env& scope, Env* exports, bool top) {
    switch (d.kind) {
    case DK::Value:
      return valueDecl(d, prefix, scope, exports, top);
    case DK::Type:
      return typeDecl(d, prefix, scope, exports);
    case DK::Import:
    case DK::Open: {
      auto it = exports_.find(d.resolvedPath);
      if (it == exports_.end())
        return; // the loader has reported it
      scope.merge(it->second);
      if (d.kind == DK::Open && exports)
        exports->merge(it->second);
      return;
    }
    case DK::Local:
      if (d.inner)
        decl(*d.inner, prefix, scope, nullptr, top);
      return;
    case DK::Module:
      return moduleDecl(d, prefix, scope, exports);
    }
  }

  void valueDecl(const Decl& d, const std::string& prefix, Env& scope, Env* exports,
                 bool top) {
    bool entry = top && isMain_ && (d.isEntry || d.name.base == "main");
    std::string flat = entry ? d.name.base : fresh(prefix, d.name.base);
    auto out = std::make_unique<Decl>(DK::Value, d.span);
    Renamer r(scope, diags_);
    out->name = d.name;
    out->name.base = flat;
    out->isEntry = entry && d.isEntry;
    out->typeParams = d.typeParams;
    if (std::any_of(d.typeParams.begin(), d.typeParams.end(), [](const ast::TypeParam& tp) {
          return tp.kind != ast::TypeParam::Kind::Size;
        }))
      facts_.typeParamLift[flat] = typeParamLift(d.typeParams);
    out->attrs = d.attrs;
    r.bindTypeParams(d.typeParams);
    for (const ast::PatternPtr& p : d.params)
      out->params.push_back(r.pattern(*p));
    out->retTypeExp = r.typeOrNull(d.retTypeExp.get());
    out->body = r.expr(*d.body);
    emit(std::move(out), !exports);
    ast::Name n;
    n.base = flat;
    n.span = d.name.span;
    scope.values[d.name.base] = n;
    if (exports)
      exports->values[d.name.base] = n;
  }

  void typeDecl(const Decl& d, const std::string& prefix, Env& scope, Env* exports) {
    std::string flat = fresh(prefix, d.name.base);
    auto out = std::make_unique<Decl>(DK::Type, d.span);
    Renamer r(scope, diags_);
    out->name = d.name;
    out->name.base = flat;
    out->typeParams = d.typeParams;
    out->liftedness = d.liftedness;
    facts_.liftedness[flat] = d.liftedness;
    for (const ast::TypeParam& tp : d.typeParams)
      if (tp.kind == ast::TypeParam::Kind::Size && !namesDimension(*d.retTypeExp, tp.name))
        facts_.nonConstructive[flat].push_back(tp.name);
    out->attrs = d.attrs;
    r.bindTypeParams(d.typeParams);
    out->retTypeExp = r.type(*d.retTypeExp);
    emit(std::move(out), !exports);
    ast::Name n;
    n.base = flat;
    n.span = d.name.span;
    scope.types[d.name.base] = n;
    if (exports)
      exports->types[d.name.base] = n;
  }

  void moduleDecl(const Decl& d, const std::string& prefix, Env& scope, Env* exports) {
    const ast::ModuleDecl& m = *d.module;
    using MK = ast::ModuleDecl::Kind;
    switch (m.kind) {
    case MK::Type: {
      SigRef s = evalSig(*m.sig, scope, diags_);
      scope.sigs[m.name.base] = s;
      if (exports)
        exports->sigs[m.name.base] = s;
      return;
    }
    case MK::Bind: {
      ModuleRef mod;
      std::string outerPath = path_;
      path_ = path_.empty() ? m.name.base : path_ + "." + m.name.base;
      if (!m.params.empty()) {
        mod = functor(m.params, m.sig, m.body, scope, d.span);
        checkFunctor(*mod->functor, prefix, m.name.base);
      } else {
        mod = modExp(*m.body, join(prefix, m.name.base), scope);
        if (mod && m.sig) // on a mismatch, the module as defined (fewer errors follow)
          if (ModuleRef sealed = ascribe(mod, *m.sig, scope, m.body->span, path_))
            mod = sealed;
      }
      path_ = outerPath;
      if (!mod)
        return;
      scope.modules[m.name.base] = mod;
      if (exports)
        exports->modules[m.name.base] = mod;
      return;
    }
    case MK::Include:
    case MK::Open: {
      ModuleRef mod = modExp(*m.body, prefix, scope);
      if (!mod)
        return;
      if (mod->kind == Module::Kind::Functor) {
        diags_.error(m.body->span, "a functor cannot be opened or included");
        return;
      }
      // As in Futhark, the opened names also belong to the enclosing module (`local open`
      // keeps them private: `exports` is null there).
      if (mod->kind == Module::Kind::Prim) {
        scope.openedPrims.push_back(mod->prim);
        if (exports)
          exports->openedPrims.push_back(mod->prim);
        return;
      }
      scope.merge(mod->members);
      if (exports)
        exports->merge(mod->members);
      return;
    }
    }
  }

  static ModuleRef functor(const std::vector<ast::ModParam>& params, ast::SigExpPtr resultSig,
                           ast::ModExpPtr body, const Env& scope, const SourceSpan& span) {
    auto f = std::make_shared<Functor>();
    f->params = params;
    f->resultSig = std::move(resultSig);
    f->body = std::move(body);
    f->closure = scope;
    auto fm = std::make_shared<Module>();
    fm->kind = Module::Kind::Functor;
    fm->functor = f;
    fm->span = span;
    return fm;
  }

  /// `mod : sigExp`; a non-empty `sealPath` hides the abstract types (Note [Abstract types]).
  ModuleRef ascribe(ModuleRef mod, const ast::SigExp& sigExp, const Env& scope,
                    const SourceSpan& span, const std::string& sealPath) {
    SigRef sig = evalSig(sigExp, scope, diags_);
    if (!sig)
      return nullptr;
    std::vector<DeclPtr> checks;
    ModuleRef out = matchSig(
        mod, *sig, span, diags_, checks, [&](const std::string& b) { return fresh("", b); },
        facts_, sealPath);
    for (DeclPtr& c : checks) {
      if (c->kind == DK::Type)
        facts_.liftedness[c->name.base] = c->liftedness;
      emit(std::move(c), true);
    }
    return out;
  }

  ModuleRef modExp(const ModExp& e, const std::string& prefix, const Env& scope) {
    switch (e.kind) {
    case ModExp::Kind::Name: {
      Renamer r(scope, diags_);
      std::vector<std::string> path = e.name.qualifiers;
      path.push_back(e.name.base);
      return r.modulePath(path, e.span);
    }
    case ModExp::Kind::Struct: {
      Env inner = scope;
      auto m = std::make_shared<Module>();
      m->span = e.span;
      reportDuplicateDecls(e.decls, diags_);
      for (const DeclPtr& d : e.decls)
        decl(*d, prefix, inner, &m->members, /*top=*/false);
      return m;
    }
    case ModExp::Kind::Import: {
      auto it = exports_.find(e.resolvedPath);
      if (it == exports_.end())
        return nullptr;
      auto m = std::make_shared<Module>();
      m->span = e.span;
      m->members = it->second;
      return m;
    }
    case ModExp::Kind::Ascribe: {
      ModuleRef m = modExp(*e.fn, prefix, scope);
      return m ? ascribe(m, *e.sig, scope, e.fn->span, path_.empty() ? "_" : path_) : nullptr;
    }
    case ModExp::Kind::Apply:
      return apply(e, prefix, scope);
    case ModExp::Kind::Lambda: {
      ModuleRef f = functor(e.params, e.sig, e.fn, scope, e.span);
      checkFunctor(*f->functor, prefix, path_.empty() ? "functor" : path_);
      return f;
    }
    }
    return nullptr;
  }

  /// Note [Sealed functor parameters]: the body instantiated once with each parameter a
  /// module of its module type alone, its declarations only type-checked.
  void checkFunctor(Functor& f, const std::string& prefix, const std::string& name) {
    Env closure = f.closure;
    std::string checkPrefix = join(prefix, "functor_" + name);
    auto errors = errorCount();
    bool outer = std::exchange(checkOnly_, true);
    bool complete = true;
    for (const ast::ModParam& p : f.params) {
      SigRef sig = evalSig(*p.sig, closure, diags_);
      if (!sig || sig->functor) { // a functor parameter: checked where applied
        complete = false;
        break;
      }
      closure.modules[p.name] =
          parameterModule(*sig, p.name, join(checkPrefix, p.name), closure, Env{});
    }
    if (complete) {
      ModuleRef result = modExp(*f.body, checkPrefix, closure);
      if (result && f.resultSig)
        ascribe(result, *f.resultSig, closure, f.body->span, name);
    }
    checkOnly_ = outer;
    f.rejected = errorCount() > errors;
  }

  /// A functor's parameter as its body sees it: the types, modules and values that `sig`
  /// specifies, abstract types as types of their own (`P.t`) and values as declarations
  /// without a body. `outer`: the types and modules of the enclosing module types.
  ModuleRef parameterModule(const Sig& sig, const std::string& path, const std::string& prefix,
                            const Env& scope, Env outer) {
    auto m = std::make_shared<Module>();
    auto named = [&](const Sig::Item& item, const std::string& base) {
      ast::Name n;
      n.base = base;
      n.span = item.span;
      return n;
    };
    for (const Sig::Item& t : sig.types) {
      auto d = std::make_unique<Decl>(DK::Type, t.span);
      std::string abstractName = path + "." + t.name;
      d->name = named(t, t.abstract ? (usedNames_.count(abstractName) ? fresh("", abstractName)
                                                                      : abstractName)
                                    : fresh(prefix, t.name));
      d->typeParams = t.params;
      d->liftedness = t.spec ? t.spec->liftedness : "";
      if (t.abstract || !t.definition) {
        d->abstractType = true;
      } else {
        Env env = t.scope;
        env.merge(outer);
        Renamer r(env, diags_);
        r.bindTypeParams(t.params);
        d->retTypeExp = r.type(*t.definition);
      }
      m->members.types[t.name] = d->name;
      facts_.liftedness[d->name.base] = d->liftedness;
      outer.types[t.name] = d->name;
      emit(std::move(d), true);
    }
    for (const Sig::Item& sub : sig.modules) {
      ModuleRef inner = parameterModule(*sub.sig, path + "." + sub.name, join(prefix, sub.name),
                                        scope, outer);
      m->members.modules[sub.name] = inner;
      outer.modules[sub.name] = inner;
    }
    for (const Sig::Item& v : sig.vals) {
      if (!v.spec || !v.spec->type)
        continue;
      auto d = std::make_unique<Decl>(DK::Value, v.span);
      d->name = named(v, fresh(prefix, v.name));
      d->typeParams = v.spec->typeParams;
      Env env = v.scope;
      env.merge(outer);
      Renamer r(env, diags_);
      r.bindTypeParams(v.spec->typeParams);
      d->retTypeExp = r.type(*v.spec->type);
      m->members.values[v.name] = d->name;
      emit(std::move(d), true);
    }
    return m;
  }

  long errorCount() const {
    return std::count_if(diags_.all().begin(), diags_.all().end(),
                         [](const Diagnostic& x) { return x.severity == Severity::Error; });
  }

  ModuleRef apply(const ModExp& e, const std::string& prefix, const Env& scope) {
    ModuleRef fn = modExp(*e.fn, prefix, scope);
    if (!fn)
      return nullptr;
    if (fn->kind != Module::Kind::Functor) {
      diags_.error(e.fn->span, "this module is not a functor, so it cannot be applied");
      return nullptr;
    }
    ModuleRef arg = modExp(*e.arg, fresh(prefix, "arg"), scope);
    if (!arg)
      return nullptr;
    const Functor& f = *fn->functor;
    if (f.rejected)
      return nullptr; // its body's errors are reported where it is defined
    const ast::ModParam& param = f.params.front();
    Env closure = f.closure;
    // The instance uses its argument as it is (not sealed): the body was checked against
    // the parameter's module type where the functor is defined (Note [Sealed functor
    // parameters]).
    ModuleRef bound = ascribe(arg, *param.sig, closure, e.arg->span, "");
    if (!bound)
      return nullptr;
    closure.modules[param.name] = bound;
    if (f.params.size() > 1) { // curried: a functor of the remaining parameters
      auto rest = std::make_shared<Functor>(f);
      rest->params.erase(rest->params.begin());
      rest->closure = std::move(closure);
      auto m = std::make_shared<Module>(*fn);
      m->functor = rest;
      return m;
    }
    if (++depth_ > 100) {
      diags_.error(e.span, "functor applications nest too deeply (a functor applying itself?)");
      return nullptr;
    }
    ModuleRef result = modExp(*f.body, prefix, closure);
    if (result && f.resultSig)
      result = ascribe(result, *f.resultSig, closure, e.span, path_.empty() ? "_" : path_);
    --depth_;
    return result;
  }

  DiagnosticEngine& diags_;
  Env base_;
  std::map<std::string, Env> exports_; ///< by file path
  std::set<std::string> usedNames_, reserved_;
  std::vector<DeclPtr> out_;
  TypeFacts facts_; ///< the flattened types' declared liftedness and size use
  std::vector<DeclPtr> preludeSigs_; ///< the prelude's `module type`s, taken out of it
  bool isMain_ = false;
  bool checkOnly_ = false; ///< flattening a functor's body for checking only
  int depth_ = 0;
  std::string path_; ///< the module being bound, as written (`M.N`): abstract types' names
};

} // namespace
} // namespace modules

bool flattenModules(std::vector<ast::Program>& files, DiagnosticEngine& diags) {
  using ast::DeclPtr;
  modules::Flattener flat(diags);
  ast::Program* main = nullptr;
  for (ast::Program& f : files)
    if (!isPreludeFile(f.file))
      main = &f;
  if (main)
    flat.reserveEntries(*main);
  auto errorCount = [&] {
    return std::count_if(diags.all().begin(), diags.all().end(),
                         [](const Diagnostic& d) { return d.severity == Severity::Error; });
  };
  auto errors = errorCount();
  std::vector<DeclPtr> originals;
  for (ast::Program& f : files) {
    if (isPreludeFile(f.file)) {
      flat.preludeFile(f);
      continue;
    }
    flat.userFile(f, &f == main);
    // Module types and functors point into the file's AST: kept until the end.
    for (DeclPtr& d : f.decls)
      originals.push_back(std::move(d));
    f.decls.clear();
  }
  if (main)
    main->decls = flat.takeOutput();
  return errorCount() == errors;
}

} // namespace fjord::sema
