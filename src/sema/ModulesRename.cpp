// The renaming copy of the module pass (ModuleEnv.h): copies expressions, patterns and
// types, replacing each free name by what the Env says it denotes. Local bindings shadow
// the Env; names the Env does not know are left for the checker (the prelude's names).
#include "sema/Builtins.h"
#include "sema/ModuleEnv.h"
#include "support/Suggest.h"

#include <algorithm>
#include <functional>

namespace fjord::sema::modules {

using ast::Expr;
using ast::ExprPtr;
using ast::Pattern;
using ast::PatternPtr;
using ast::TypeExp;
using ast::TypeExpPtr;
using Kind = Expr::Kind;

namespace {

/// The names a scope's map binds, for "did you mean" suggestions.
template <typename Map> std::vector<std::string> keysOf(const Map& map) {
  std::vector<std::string> keys;
  for (const auto& entry : map)
    keys.push_back(entry.first);
  return keys;
}

/// The values and then the modules of `env`: `m.shapez.one` may misspell either.
std::vector<std::string> valuesAndModules(const Env& env) {
  std::vector<std::string> names = keysOf(env.values);
  for (const std::string& m : keysOf(env.modules))
    names.push_back(m);
  return names;
}

} // namespace

void Env::merge(const Env& other) {
  for (const auto& [k, v] : other.values)
    values[k] = v;
  for (const auto& [k, v] : other.types)
    types[k] = v;
  for (const auto& [k, v] : other.modules)
    modules[k] = v;
  for (const auto& [k, v] : other.sigs)
    sigs[k] = v;
  openedPrims.insert(openedPrims.end(), other.openedPrims.begin(), other.openedPrims.end());
}

bool primHasValue(PrimType prim, const std::string& name) {
  static const std::set<std::string> operators = {
      "+", "-", "*", "/", "%", "**", "//", "%%", "==", "!=", "<", "<=", ">", ">=",
      "&", "|", "^", "<<", ">>", ">>>", "&&", "||"};
  if (operators.count(name))
    return true;
  return namespaceMember(prim, name).has_value();
}

std::string dotted(const std::vector<std::string>& path) {
  std::string s;
  for (const std::string& p : path)
    s += (s.empty() ? "" : ".") + p;
  return s;
}

bool Renamer::isLocalValue(const std::string& n) const {
  return std::find(localValues_.rbegin(), localValues_.rend(), n) != localValues_.rend();
}

bool Renamer::isLocalType(const std::string& n) const {
  return std::find(localTypes_.rbegin(), localTypes_.rend(), n) != localTypes_.rend();
}

void Renamer::bindTypeParams(const std::vector<ast::TypeParam>& params) {
  for (const ast::TypeParam& tp : params) {
    if (tp.kind == ast::TypeParam::Kind::Size)
      bindValue(tp.name);
    else
      bindType(tp.name);
  }
}

ModuleRef Renamer::modulePath(const std::vector<std::string>& path, const SourceSpan& span) {
  ModuleRef m;
  std::string sofar;
  for (const std::string& q : path) {
    const Env& scope = m ? m->members : *env_;
    sofar += (sofar.empty() ? "" : ".") + q;
    auto it = scope.modules.find(q);
    if (it == scope.modules.end() || (m && m->kind != Module::Kind::Struct)) {
      std::string prefix = sofar.substr(0, sofar.size() - q.size()); // `a.b.` of `a.b.c`
      std::vector<std::string> candidates;
      for (const std::string& name : keysOf(scope.modules))
        candidates.push_back(prefix + name);
      diags_.error(span, "unknown module `" + sofar + "`" + didYouMean(sofar, candidates));
      return nullptr;
    }
    m = it->second;
  }
  return m;
}

ast::Name Renamer::valueName(const ast::Name& n) {
  ast::Name out = n;
  if (n.qualifiers.empty()) {
    if (isLocalValue(n.base))
      return out;
    for (auto p = env_->openedPrims.rbegin(); p != env_->openedPrims.rend(); ++p)
      if (primHasValue(*p, n.base)) {
        out.qualifiers = {primName(*p)};
        return out;
      }
    if (auto it = env_->values.find(n.base); it != env_->values.end()) {
      out.qualifiers = it->second.qualifiers;
      out.base = it->second.base;
    }
    return out;
  }
  // A qualifier that is no module is left to the checker (it reports it).
  if (!env_->modules.count(n.qualifiers[0]))
    return out;
  ModuleRef m = modulePath(n.qualifiers, n.span);
  if (!m)
    return out;
  if (m->kind == Module::Kind::Prim) {
    out.qualifiers = {primName(m->prim)};
    return out;
  }
  auto it = m->kind == Module::Kind::Struct ? m->members.values.find(n.base)
                                            : m->members.values.end();
  if (it == m->members.values.end()) {
    diags_.error(n.span, "module `" + dotted(n.qualifiers) + "` has no value `" + n.base + "`" +
                             didYouMean(n.base, valuesAndModules(m->members)));
    return out;
  }
  out.qualifiers = it->second.qualifiers;
  out.base = it->second.base;
  return out;
}

ast::Name Renamer::typeName(const ast::Name& n) {
  ast::Name out = n;
  if (n.qualifiers.empty()) {
    if (isLocalType(n.base))
      return out;
    if (auto it = env_->types.find(n.base); it != env_->types.end()) {
      out.qualifiers = it->second.qualifiers;
      out.base = it->second.base;
    }
    return out;
  }
  if (!env_->modules.count(n.qualifiers[0]))
    return out;
  ModuleRef m = modulePath(n.qualifiers, n.span);
  if (!m)
    return out;
  out.qualifiers.clear();
  if (m->kind == Module::Kind::Prim && n.base == "t") {
    out.base = primName(m->prim);
    return out;
  }
  auto it = m->kind == Module::Kind::Struct ? m->members.types.find(n.base)
                                            : m->members.types.end();
  if (it == m->members.types.end()) {
    diags_.error(n.span, "module `" + dotted(n.qualifiers) + "` has no type `" + n.base + "`" +
                             didYouMean(n.base, keysOf(m->members.types)));
    return out;
  }
  out.qualifiers = it->second.qualifiers;
  out.base = it->second.base;
  return out;
}

TypeExpPtr Renamer::type(const TypeExp& t) {
  auto out = std::make_unique<TypeExp>();
  out->kind = t.kind;
  out->span = t.span;
  out->dimConst = t.dimConst;
  out->paramName = t.paramName;
  out->existentials = t.existentials;
  size_t mark = localValues_.size();
  if (t.kind == TypeExp::Kind::Named)
    out->name = typeName(t.name);
  if (t.dimName) {
    ast::Name n;
    n.base = *t.dimName;
    n.span = t.span;
    ast::Name r = valueName(n);
    out->dimName = r.qualifiers.empty() ? r.base : *t.dimName;
  }
  // `[M.n]`: a size named by a module member (parsed as a field access) is that member.
  ast::ExprPtr member = t.dimExpr ? qualifiedAccess(*t.dimExpr) : nullptr;
  if (member && member->kind == ast::Expr::Kind::Var && member->name.qualifiers.empty()) {
    out->dimName = member->name.base;
  } else if (t.dimExprVars) {
    out->dimExprVars.emplace();
    for (const ast::Name& n : *t.dimExprVars)
      out->dimExprVars->push_back(valueName(n));
  }
  // The size expression keeps its text: its variables are size parameters in scope, which
  // flattening does not rename (dimExprVars above are resolved for the checker).
  if (!out->dimName)
    out->dimExpr = t.dimExpr;
  for (const auto& [param, arg] : t.dimExprArgs)
    out->dimExprArgs.emplace(param, arg ? std::shared_ptr<TypeExp>(type(*arg)) : nullptr);
  for (const std::string& e : t.existentials)
    bindValue(e);
  for (size_t i = 0; i < t.args.size(); ++i) {
    out->args.push_back(t.args[i] ? type(*t.args[i]) : nullptr);
    if (i == 0 && t.kind == TypeExp::Kind::Function && !t.paramName.empty())
      bindValue(t.paramName);
  }
  for (const auto& [f, ft] : t.fields)
    out->fields.emplace_back(f, type(*ft));
  for (const auto& [c, payload] : t.constructors) {
    std::vector<TypeExpPtr> ps;
    for (const TypeExpPtr& p : payload)
      ps.push_back(type(*p));
    out->constructors.emplace_back(c, std::move(ps));
  }
  localValues_.resize(mark);
  return out;
}

PatternPtr Renamer::pattern(const Pattern& p) {
  std::vector<std::string> bound;
  std::function<PatternPtr(const Pattern&)> copy = [&](const Pattern& q) {
    auto out = std::make_unique<Pattern>();
    out->kind = q.kind;
    out->span = q.span;
    out->name = q.name;
    out->attrs = q.attrs;
    if (q.kind == Pattern::Kind::Id)
      bound.push_back(q.name.base);
    for (const PatternPtr& e : q.elems)
      out->elems.push_back(e ? copy(*e) : nullptr);
    for (const auto& [f, fp] : q.fields) {
      if (!fp)
        bound.push_back(f);
      out->fields.emplace_back(f, fp ? copy(*fp) : nullptr);
    }
    out->typeExp = typeOrNull(q.typeExp.get());
    if (q.literal)
      out->literal = expr(*q.literal);
    return out;
  };
  PatternPtr out = copy(p);
  for (const std::string& b : bound)
    bindValue(b);
  return out;
}

ast::DimIndex Renamer::dimIndex(const ast::DimIndex& d) {
  ast::DimIndex out;
  out.isSlice = d.isSlice;
  out.index = exprChild(d.index);
  out.start = exprChild(d.start);
  out.end = exprChild(d.end);
  out.stride = exprChild(d.stride);
  return out;
}

/// The module path of `M.N` written as a variable with field accesses, if it is one.
static bool accessPath(const Expr& e, std::vector<std::string>& path) {
  if (e.kind == Kind::Var) {
    path = e.name.qualifiers;
    path.push_back(e.name.base);
    return true;
  }
  if (e.kind == Kind::Project && !e.field.empty() && accessPath(*e.elems[0], path)) {
    path.push_back(e.field);
    return true;
  }
  return false;
}

ExprPtr Renamer::qualifiedAccess(const Expr& e) {
  std::vector<std::string> path;
  if (!accessPath(e, path) || path.size() < 2 || isLocalValue(path[0]) ||
      !env_->modules.count(path[0]))
    return nullptr;
  // The longest prefix that names a module; the rest are field accesses of its value.
  ModuleRef m;
  size_t used = 0;
  const Env* scope = env_;
  while (used + 1 < path.size()) {
    auto it = scope->modules.find(path[used]);
    if (it == scope->modules.end())
      break;
    m = it->second;
    ++used;
    if (m->kind != Module::Kind::Struct)
      break;
    scope = &m->members;
  }
  const Expr* at = &e;
  for (size_t i = path.size(); i > used + 1; --i)
    at = at->elems[0].get();
  ast::Name n;
  n.qualifiers.assign(path.begin(), path.begin() + used);
  n.base = path[used];
  n.span = at->span;
  auto var = std::make_unique<Expr>(Kind::Var, at->span);
  var->name = valueName(n);
  // Re-apply the remaining field accesses.
  ExprPtr out = std::move(var);
  std::vector<const Expr*> outer;
  for (const Expr* p = &e; p != at; p = p->elems[0].get())
    outer.push_back(p);
  for (auto it = outer.rbegin(); it != outer.rend(); ++it) {
    auto proj = std::make_unique<Expr>(Kind::Project, (*it)->span);
    proj->field = (*it)->field;
    proj->elems.push_back(std::move(out));
    out = std::move(proj);
  }
  return out;
}

ExprPtr Renamer::openIn(const Expr& e) {
  std::vector<std::string> path;
  if (!accessPath(*e.elems[0], path)) {
    diags_.error(e.elems[0]->span, "`M.(e)` needs a module name before the `.`");
    return exprChild(e.elems[1]);
  }
  ModuleRef m = modulePath(path, e.elems[0]->span);
  if (!m)
    return exprChild(e.elems[1]);
  Env opened = *env_;
  if (m->kind == Module::Kind::Prim)
    opened.openedPrims.push_back(m->prim);
  else
    opened.merge(m->members);
  const Env* saved = env_;
  env_ = &opened;
  ExprPtr out = expr(*e.elems[1]);
  env_ = saved;
  return out;
}

ExprPtr Renamer::expr(const Expr& e) {
  if (e.kind == Kind::Project && e.field.empty())
    return openIn(e);
  if (e.kind == Kind::Project)
    if (ExprPtr q = qualifiedAccess(e))
      return q;
  auto out = std::make_unique<Expr>(e.kind, e.span);
  out->intValue = e.intValue;
  out->floatValue = e.floatValue;
  out->boolValue = e.boolValue;
  out->text = e.text;
  out->literalType = e.literalType;
  out->name = e.name;
  out->field = e.field;
  out->fieldPath = e.fieldPath;
  out->attrs = e.attrs;
  out->rangeKind = e.rangeKind;
  out->rangeHasStep = e.rangeHasStep;
  out->typeParams = e.typeParams;
  out->loopForm.kind = e.loopForm.kind;
  out->loopForm.iterator = e.loopForm.iterator;
  size_t valueMark = localValues_.size(), typeMark = localTypes_.size();
  auto restore = [&] {
    localValues_.resize(valueMark);
    localTypes_.resize(typeMark);
  };
  switch (e.kind) {
  case Kind::Var:
  case Kind::BinOp:
  case Kind::OpSection:
    out->name = valueName(e.name);
    break;
  case Kind::LetIn:
    out->elems.push_back(exprChild(e.elems[0]));
    out->sizeParams = e.sizeParams;
    for (const ast::Name& s : e.sizeParams)
      bindValue(s.base);
    out->pattern = pattern(*e.pattern);
    out->elems.push_back(exprChild(e.elems[1]));
    restore();
    return out;
  case Kind::LetFun:
    bindTypeParams(e.typeParams);
    for (const PatternPtr& p : e.params)
      out->params.push_back(pattern(*p));
    out->retTypeExp = typeOrNull(e.retTypeExp.get());
    out->elems.push_back(exprChild(e.elems[0]));
    restore();
    bindValue(e.name.base);
    out->elems.push_back(exprChild(e.elems[1]));
    restore();
    return out;
  case Kind::LetWith:
    for (const ast::DimIndex& d : e.indices)
      out->indices.push_back(dimIndex(d));
    out->elems.push_back(exprChild(e.elems[0]));
    bindValue(e.name.base);
    out->elems.push_back(exprChild(e.elems[1]));
    restore();
    return out;
  case Kind::Lambda:
    for (const PatternPtr& p : e.params)
      out->params.push_back(pattern(*p));
    out->retTypeExp = typeOrNull(e.retTypeExp.get());
    out->elems.push_back(exprChild(e.elems[0]));
    restore();
    return out;
  case Kind::Loop:
    out->elems.push_back(exprChild(e.elems[0]));
    out->loopForm.bound = exprChild(e.loopForm.bound);
    out->pattern = pattern(*e.pattern);
    if (e.loopForm.kind == ast::LoopForm::Kind::For)
      bindValue(e.loopForm.iterator.base);
    if (e.loopForm.element)
      out->loopForm.element = pattern(*e.loopForm.element);
    out->elems.push_back(exprChild(e.elems[1]));
    restore();
    return out;
  case Kind::Match:
    out->elems.push_back(exprChild(e.elems[0]));
    for (const ast::MatchCase& c : e.cases) {
      ast::MatchCase mc;
      mc.span = c.span;
      mc.pattern = pattern(*c.pattern);
      mc.body = exprChild(c.body);
      restore();
      out->cases.push_back(std::move(mc));
    }
    return out;
  case Kind::Record:
    for (const auto& [f, fe] : e.fields) {
      ExprPtr value = exprChild(fe);
      if (!fe) { // `{x}` names a variable x, which may be a module's
        ast::Name n;
        n.base = f;
        ast::Name r = valueName(n);
        if (!r.qualifiers.empty() || r.base != f) {
          value = std::make_unique<Expr>(Kind::Var, e.span);
          value->name = r;
        }
      }
      out->fields.emplace_back(f, std::move(value));
    }
    return out;
  default:
    break;
  }
  for (const ExprPtr& c : e.elems)
    out->elems.push_back(exprChild(c));
  for (const ast::DimIndex& d : e.indices)
    out->indices.push_back(dimIndex(d));
  out->typeExp = typeOrNull(e.typeExp.get());
  out->retTypeExp = typeOrNull(e.retTypeExp.get());
  return out;
}

} // namespace fjord::sema::modules
