// Top-level declarations, entry-point rules, scopes, and the checkProgram driver with its
// final pass (applying the substitution to every annotation).
#include "sema/Check.h"

#include "sema/Checker.h"
#include "sema/Modules.h"
#include "sema/Uniqueness.h"
#include "support/DiagnosticOptions.h"

#include <cctype>
#include <set>
#include <utility>

namespace fjord::sema {

using ast::Decl;
using ast::Expr;
using ast::Pattern;
using ast::TypeExp;

// --- scopes -----------------------------------------------------------------------------

int Checker::bind(ast::Name& name, Scheme scheme, Binding b) {
  int uid = static_cast<int>(out_.bindings.size());
  name.uid = uid;
  b.type = scheme.type;
  out_.bindings.push_back(std::move(b));
  values_.push_back(ValueEntry{name.base, uid, std::move(scheme), {}});
  return uid;
}

const Checker::ValueEntry* Checker::lookupValue(const std::string& name) const {
  for (auto it = values_.rbegin(); it != values_.rend(); ++it)
    if (it->name == name)
      return &*it;
  return nullptr;
}

const Checker::TypeEntry* Checker::lookupType(const std::string& name) const {
  for (auto it = types_.rbegin(); it != types_.rend(); ++it)
    if (it->name == name)
      return &*it;
  return nullptr;
}

// --- declarations -------------------------------------------------------------------------

void Checker::checkDecl(Decl& d) {
  size_t vmark = valueMark(), tmark = typeMark();
  switch (d.kind) {
  case Decl::Kind::Value: {
    size_t firstDiag = diags_.all().size();
    checkValueDecl(d);
    // One mistake, one error: errors caused by an earlier one of this declaration (an
    // enclosing expression, the declared return type) are dropped.
    dropOverlappingErrors(diags_, firstDiag);
    if (!d.sealing)
      noteAbstractTypes(firstDiag);
    return exportSince(vmark, tmark);
  }
  case Decl::Kind::Type:
    checkTypeDecl(d);
    return exportSince(vmark, tmark);
  case Decl::Kind::Local: {
    bool wasLocal = inLocal_;
    inLocal_ = true;
    if (d.inner)
      checkDecl(*d.inner);
    inLocal_ = wasLocal;
    return;
  }
  case Decl::Kind::Import:
    return checkImport(d, /*reexport=*/false);
  case Decl::Kind::Open:
    if (!d.path.empty())
      return checkImport(d, /*reexport=*/true);
    diags_.error(d.span, "`open " + d.name.str() +
                             "`: opening a module is not supported yet (only `open import "
                             "\"file\"` is)");
    return;
  case Decl::Kind::Module: // flattened away before checking (Modules.h)
    diags_.unsupported(d.span, "this use of the module system");
    return;
  }
}

namespace {

/// `(x: t)`, also in parentheses: a parameter whose type its annotation gives.
bool isAnnotated(const Pattern& p) {
  if (p.kind == Pattern::Kind::Tuple && p.elems.size() == 1)
    return isAnnotated(*p.elems[0]);
  return p.kind == Pattern::Kind::Ascribed;
}

} // namespace

TypeRef Checker::checkFunction(std::vector<ast::PatternPtr>& params, TypeExp* retTypeExp,
                               Expr& body) {
  std::vector<TypeRef> paramTypes;
  std::vector<std::string> paramNames;
  std::vector<int> paramUids;
  // A named function's `[]` parameter sizes are fresh size parameters (CheckAnonymousSizes.cpp).
  std::string owner = std::exchange(anonymousSizeOwner_, std::string());
  const ast::Decl* ownerDecl = std::exchange(anonymousSizeDecl_, nullptr);
  std::vector<TypeRef> hints = std::exchange(lambdaParamHints_, {});
  for (auto& p : params) {
    if (!owner.empty()) {
      // Sizes are spelled after the parameter (`xs_len`), or its position (`arg2_len`).
      const Pattern* id = p->kind == Pattern::Kind::Ascribed && !p->elems.empty()
                              ? p->elems[0].get()
                              : p.get();
      std::string label = id->kind == Pattern::Kind::Id
                              ? id->name.base
                              : "arg" + std::to_string(paramTypes.size() + 1);
      anonymousSizes_ = AnonymousSizeScope{owner, ownerDecl, label, 0};
    }
    TypeRef paramType = patternType(*p);
    // A lambda argument's parameter without an annotation takes the type the callee gives it,
    // so a mistake in the body is reported there (Note [Lambda arguments last]).
    size_t index = paramTypes.size();
    if (index < hints.size() && !isAnnotated(*p))
      paramType = hints[index];
    bindPattern(*p, paramType);
    anonymousSizes_.reset();
    paramTypes.push_back(p->type);
    // `(n: i64)` names its parameter in the function type.
    bool named = p->kind == Pattern::Kind::Ascribed && !p->elems.empty() &&
                 p->elems[0]->kind == Pattern::Kind::Id;
    paramNames.push_back(named ? p->elems[0]->name.base : "");
    paramUids.push_back(named ? p->elems[0]->name.uid : -1);
  }
  TypeRef ret = retTypeExp ? resolveTypeExp(*retTypeExp) : nullptr;
  if (ret)
    checkReturnSizesNamed(params, paramUids, ret, retTypeExp->span);
  int bodyFirstUid = nextUid();
  int bodyFirstExistential = tv_.existentialCount();
  TypeRef bodyType = check(body);
  for (size_t i = 0; i < params.size(); ++i)
    checkParamSizesInScope(*params[i], paramTypes[i], bodyFirstUid, bodyFirstExistential);
  if (!ret) {
    ret = bodyType;
  } else if (!unify(ret, bodyType, body.span) && tv_.lastError()) {
    tv_.lastError()->note(retTypeExp->span, "return type declared here");
  }
  // Sizes naming a named parameter are bound by its arrow (Note [Size variables]).
  for (size_t i = params.size(); i-- > 0;) {
    if (!paramNames[i].empty())
      ret = bindArrowParam(ret, paramNames[i], paramUids[i]);
    ret = Type::function(paramTypes[i], ret, paramNames[i]);
  }
  return ret;
}

namespace {

bool typeExpMentions(const TypeExp& te, int uid) {
  if (te.dimUid == uid)
    return true;
  for (const auto& a : te.args)
    if (a && typeExpMentions(*a, uid))
      return true;
  for (const auto& [name, f] : te.fields)
    if (f && typeExpMentions(*f, uid))
      return true;
  return false;
}

} // namespace

bool patternMentions(const Pattern& p, int uid) {
  if (p.typeExp && typeExpMentions(*p.typeExp, uid))
    return true;
  for (const auto& sub : p.elems)
    if (sub && patternMentions(*sub, uid))
      return true;
  for (const auto& [name, sub] : p.fields)
    if (sub && patternMentions(*sub, uid))
      return true;
  return false;
}



// Note [Recursive functions]
// Futhark (since 0.27) accepts recursive functions outside parallel code. A top-level
// function with parameters is bound in its own body to a fresh, monomorphic type variable
// (no polymorphic recursion), unified with the function's inferred type afterwards; a use
// marks the declaration `recursive`. Internalisation keeps a recursive function a real
// function (an `apply` to itself), and kernel extraction rejects a call to one from
// parallel code.

namespace {

/// `t` with every array size unknown: what a recursive call may pass and return, since
/// each call instantiates the function's sizes anew (a recursive sum over `xs[1:]`).
TypeRef withAnySizes(const TypeRef& t) {
  switch (t->kind) {
  case Type::Kind::Array:
    return Type::array(withAnySizes(t->elem), std::vector<Size>(t->shape.size(), Size::unknown()),
                       t->unique);
  case Type::Kind::Tuple: {
    std::vector<TypeRef> elems;
    for (const TypeRef& e : t->elems)
      elems.push_back(withAnySizes(e));
    return Type::tuple(std::move(elems));
  }
  case Type::Kind::Record: {
    std::vector<std::pair<std::string, TypeRef>> fields;
    for (const auto& [name, f] : t->fields)
      fields.emplace_back(name, withAnySizes(f));
    return Type::record(std::move(fields));
  }
  case Type::Kind::Function:
    return Type::function(withAnySizes(t->param), withAnySizes(t->result));
  case Type::Kind::Acc: {
    auto r = std::make_shared<Type>(*Type::accumulator(withAnySizes(t->elem)));
    r->unique = t->unique;
    return r;
  }
  default:
    return t;
  }
}

} // namespace

// Note [Value type parameters]
// Futhark distinguishes value type parameters `'a` from lifted ones `'^a`: only a lifted
// parameter may stand for a function type, since a polymorphic function may put a value
// of type `a` where a function may not go (an `if` branch, an array). Each use of a
// function declared in the user's files records the types its `'a` parameters were
// instantiated with; when the declaration holding the use is checked, a function type
// among them is reported at the use. The prelude's functions are trusted.

void Checker::noteValueTypeParams(const ast::Decl& callee,
                                  const std::map<std::string, TypeRef>& sub,
                                  const SourceSpan& span) {
  if (isPreludeFile(callee.span.file))
    return;
  for (const ast::TypeParam& tp : callee.typeParams) {
    if (tp.kind != ast::TypeParam::Kind::Type)
      continue;
    auto it = sub.find(tp.name);
    if (it != sub.end())
      valueTypeUses_.push_back(ValueTypeUse{it->second, tp.name, callee.name.base, span});
  }
}

void Checker::reportTypeParamBound(const ast::TypeParam& tp, const TypeRef& var,
                                   const std::string& function) {
  TypeRef t = tv_.zonk(var);
  std::string made = TypeVars::isFlexible(*t) ? "the type of a value from outside it"
                                              : "the type `" + t->str() + "`";
  diags_.error(tp.span, "the type parameter `'" + tp.name + "` of `" + function + "` is made " +
                            made + " (a scope violation: `" + tp.name +
                            "` stands for any type)");
}

void Checker::checkValueTypeUses() {
  // A local function's type parameter bound after its definition (through a variable from
  // outside that a later use fixed).
  for (const auto& [tp, var, function] : localTypeParams_)
    if (!TypeVars::isFlexible(*tv_.head(var))) {
      reportTypeParamBound(*tp, var, function);
      break;
    }
  localTypeParams_.clear();
  for (const ValueTypeUse& u : valueTypeUses_) {
    TypeRef t = tv_.zonk(u.type);
    if (!containsFunction(*t))
      continue;
    diags_.error(u.span, "`" + u.function + "` is used with its type parameter `'" + u.param +
                             "` as the functional type `" + t->str() +
                             "` (not first-order); only a lifted type parameter `'^" +
                             u.param + "` may be a function");
  }
  valueTypeUses_.clear();
}

void Checker::checkValueDecl(Decl& d) {
  if (d.sealing && !checkingSealing_)
    return checkSealingDecl(d);
  size_t vmark = valueMark(), tmark = typeMark();
  size_t firstVar = tv_.numVars();
  const bool errorsBefore = diags_.hasErrors();
  tv_.enterLevel();
  std::vector<std::string> rigid;
  for (ast::TypeParam& tp : d.typeParams) {
    if (tp.kind == ast::TypeParam::Kind::Size) {
      ast::Name n;
      n.base = tp.name;
      n.span = tp.span;
      Binding b;
      b.kind = Binding::Kind::SizeParam;
      b.name = tp.name;
      b.span = tp.span;
      b.decl = &d;
      tp.uid = bind(n, Scheme{Type::primitive(PrimType::I64), {}}, std::move(b));
      continue;
    }
    types_.push_back(TypeEntry{tp.name, Type::typeVar(tp.name), {}});
    rigid.push_back(tp.name);
  }
  anonymousSizeOwner_ = d.name.base;
  anonymousSizeDecl_ = &d;
  // Note [Recursive functions]: a function is visible in its own body, monomorphically.
  TypeRef self;
  if (d.body && !d.params.empty()) {
    self = fresh(d.span);
    Binding sb;
    sb.kind = Binding::Kind::TopLevel;
    sb.name = d.name.base;
    sb.span = d.name.span.known() ? d.name.span : d.span;
    sb.decl = &d;
    ast::Name selfName = d.name;
    bind(selfName, Scheme{self, {}}, std::move(sb));
  }
  ast::Decl* outerSelf = std::exchange(selfDecl_, self ? &d : nullptr);
  // A body-less declaration stands for a functor parameter's `val` (Decl::checkOnly).
  TypeRef type = d.body          ? checkFunction(d.params, d.retTypeExp.get(), *d.body)
                 : d.retTypeExp ? resolveTypeExp(*d.retTypeExp)
                                : fresh(d.span);
  selfDecl_ = outerSelf;
  if (self && d.recursive)
    unify(self, withAnySizes(tv_.zonk(type)), d.span);
  anonymousSizeOwner_.clear();
  anonymousSizeDecl_ = nullptr;
  // A size parameter gets its value from the shape of an argument (Note in Check.h).
  for (const ast::TypeParam& tp : d.typeParams)
    if (tp.uid >= 0 && d.body &&
        std::none_of(d.params.begin(), d.params.end(),
                     [&](const ast::PatternPtr& p) { return patternMentions(*p, tp.uid); }))
      diags_.error(tp.span, "size parameter `" + tp.name + "` is not used in any parameter type");
  checkTypeParamsUsed(d, type);
  checkValueTypeUses();
  tv_.leaveLevel();
  popValues(vmark);
  popTypes(tmark);
  tv_.applyDefaults(firstVar);
  // As in Futhark, what the definition leaves open is fixed now, not by later definitions
  // (an error elsewhere in it may have left variables open: no follow-on errors then).
  if (errorsBefore || !diags_.hasErrors())
    tv_.resolveAmbiguous(firstVar);
  // Futhark: a top-level function named `main` is an entry point even without `entry`.
  bool entry = (d.isEntry || d.name.base == "main") && inMainFile_;
  if (entry)
    tv_.defaultNumeric(type);
  Scheme scheme = tv_.generalise(type, rigid);
  d.type = scheme.type;

  if (entry && etaExpandEntry(d))
    return checkValueDecl(d);

  Binding b;
  b.kind = Binding::Kind::TopLevel;
  b.name = d.name.base;
  b.span = d.name.span.known() ? d.name.span : d.span;
  b.decl = &d;
  bind(d.name, std::move(scheme), std::move(b));
  if (entry)
    checkEntry(d);
}

void Checker::checkSealingDecl(Decl& d) {
  // Note [Abstract types] in Modules.h: the value's own type meets its specification's.
  size_t mark = diags_.all().size();
  // A `type t = u` spec is compared with the module's t as others see it: a type that an
  // earlier ascription made abstract is not `u` (Futhark rejects it too).
  tv_.seeThroughAbstract = !d.sealsTypeSpec;
  checkingSealing_ = true;
  checkValueDecl(d);
  checkingSealing_ = false;
  tv_.seeThroughAbstract = false;
  for (size_t i = mark; i < diags_.all().size(); ++i) {
    // The engine hands out what it collected read-only; this error, just reported by the
    // checker itself, is reworded with what only the caller knows.
    auto& error = const_cast<Diagnostic&>(diags_.all()[i]);
    if (error.severity != Severity::Error)
      continue;
    error.message = "`" + d.sealedName + "` does not match its `" +
                    (d.sealsTypeSpec ? "type" : "val") + "` specification: " + error.message;
    if (d.sealsTypeSpec) // its "return type" is the spec's type, noted below
      error.notes.clear();
    error.note(d.sealedSpec, "`" + d.sealedName + "` is specified here");
    return;
  }
}

void Checker::noteAbstractTypes(size_t mark) {
  if (abstractSpecs_.empty())
    return;
  auto names = [](const std::string& text, const std::string& type) {
    // `c.t` as a whole type name in the message's types (not the tail of `bc.t`).
    for (size_t at = text.find(type); at != std::string::npos; at = text.find(type, at + 1)) {
      auto identChar = [](char c) { return std::isalnum(static_cast<unsigned char>(c)) || c == '_'; };
      bool startsName = at == 0 || (!identChar(text[at - 1]) && text[at - 1] != '.');
      bool endsName = at + type.size() == text.size() || !identChar(text[at + type.size()]);
      if (startsName && endsName)
        return true;
    }
    return false;
  };
  for (size_t i = mark; i < diags_.all().size(); ++i) {
    // See checkSealingDecl: a note on an error the checker has just reported.
    auto& error = const_cast<Diagnostic&>(diags_.all()[i]);
    if (error.severity != Severity::Error)
      continue;
    for (const auto& [name, spec] : abstractSpecs_)
      if (names(error.message, name))
        error.note(spec, "`" + name + "` is abstract: its module type hides its definition");
  }
}

bool Checker::etaExpandEntry(Decl& d) {
  // A point-free entry point (`entry add = map2 (i64.+)`) returns a function, which Futhark
  // accepts by eta-expansion: parameters are appended and the body is applied to them; the
  // caller then checks the declaration again. Only where the first check found no error and
  // no return type was written (it would have to be split between parameters and result).
  if (!d.body || d.retTypeExp || diags_.hasErrors())
    return false;
  TypeRef t = tv_.zonk(d.type);
  for (size_t i = 0; i < d.params.size() && t->kind == Type::Kind::Function; ++i)
    t = tv_.zonk(t->result);
  size_t extra = 0;
  for (; t->kind == Type::Kind::Function; t = tv_.zonk(t->result))
    ++extra;
  if (extra == 0)
    return false;
  SourceSpan span = d.body->span;
  auto apply = std::make_unique<Expr>(Expr::Kind::Apply, span);
  apply->elems.push_back(std::move(d.body));
  for (size_t i = 0; i < extra; ++i) {
    // A name no source can spell (identifiers do not start with a digit): nothing captured.
    std::string name = std::to_string(i) + "eta";
    auto param = std::make_unique<Pattern>();
    param->kind = Pattern::Kind::Id;
    param->span = span;
    param->name.base = name;
    param->name.span = span;
    d.params.push_back(std::move(param));
    auto arg = std::make_unique<Expr>(Expr::Kind::Var, span);
    arg->name.base = name;
    arg->name.span = span;
    apply->elems.push_back(std::move(arg));
  }
  d.body = std::move(apply);
  return true;
}

namespace {

bool isMonomorphic(const Type& t) {
  switch (t.kind) {
  case Type::Kind::Prim:
    return true;
  case Type::Kind::Var:
    return false;
  case Type::Kind::Array:
    return isMonomorphic(*t.elem);
  case Type::Kind::Tuple:
    for (const TypeRef& e : t.elems)
      if (!isMonomorphic(*e))
        return false;
    return true;
  case Type::Kind::Record:
    for (const auto& f : t.fields)
      if (!isMonomorphic(*f.second))
        return false;
    return true;
  case Type::Kind::Sum:
    for (const auto& [name, payload] : t.constructors)
      for (const TypeRef& p : payload)
        if (!isMonomorphic(*p))
          return false;
    return true;
  case Type::Kind::Function:
    return isMonomorphic(*t.param) && isMonomorphic(*t.result);
  case Type::Kind::Acc:
    return isMonomorphic(*t.elem);
  }
  return false;
}

bool isFirstOrder(const Type& t) {
  switch (t.kind) {
  case Type::Kind::Function:
    return false;
  case Type::Kind::Array:
    return isFirstOrder(*t.elem);
  case Type::Kind::Tuple:
    for (const TypeRef& e : t.elems)
      if (!isFirstOrder(*e))
        return false;
    return true;
  case Type::Kind::Record:
    for (const auto& f : t.fields)
      if (!isFirstOrder(*f.second))
        return false;
    return true;
  default:
    return true;
  }
}

/// Whether `t` is or holds (in arrays, tuples, records) a type of kind `k`.
bool mentions(const Type& t, Type::Kind k) {
  if (t.kind == k)
    return true;
  switch (t.kind) {
  case Type::Kind::Array:
    return mentions(*t.elem, k);
  case Type::Kind::Tuple:
    return std::any_of(t.elems.begin(), t.elems.end(),
                       [k](const TypeRef& e) { return mentions(*e, k); });
  case Type::Kind::Record:
    return std::any_of(t.fields.begin(), t.fields.end(),
                       [k](const auto& f) { return mentions(*f.second, k); });
  default:
    return false;
  }
}

/// A sum type inside an array: entry points take and return sum values as opaque values
/// (Note [Opaque entry values] in internalise/EntryTypes.cpp), but not arrays of them yet.
bool arrayOfSum(const Type& t) {
  switch (t.kind) {
  case Type::Kind::Array:
    return mentions(*t.elem, Type::Kind::Sum);
  case Type::Kind::Tuple:
    return std::any_of(t.elems.begin(), t.elems.end(),
                       [](const TypeRef& e) { return arrayOfSum(*e); });
  case Type::Kind::Record:
    return std::any_of(t.fields.begin(), t.fields.end(),
                       [](const auto& f) { return arrayOfSum(*f.second); });
  case Type::Kind::Sum:
    for (const auto& c : t.constructors)
      for (const TypeRef& p : c.second)
        if (arrayOfSum(*p))
          return true;
    return false;
  default:
    return false;
  }
}

} // namespace

void Checker::checkEntry(Decl& d) {
  if (!d.typeParams.empty()) {
    for (const ast::TypeParam& tp : d.typeParams)
      if (tp.kind != ast::TypeParam::Kind::Size) {
        diags_.error(tp.span, "entry point `" + d.name.base + "` cannot have type parameters");
        return;
      }
  }
  TypeRef t = tv_.eraseAbstract(tv_.zonk(d.type));
  if (!isMonomorphic(*t)) {
    diags_.error(d.name.span.known() ? d.name.span : d.span,
                 "entry point `" + d.name.base + "` has a polymorphic type `" + t->str() +
                     "`; add type annotations");
    return;
  }
  for (auto& p : d.params)
    if (!isFirstOrder(*tv_.eraseAbstract(tv_.zonk(p->type)))) {
      diags_.error(p->span, "entry point parameter has a function type `" +
                                tv_.zonk(p->type)->str() + "`");
      return;
    }
  TypeRef result = t;
  for (size_t i = 0; i < d.params.size(); ++i)
    result = result->result;
  // Accumulators exist only inside the function given to `scatter_stream`/`hist_stream`.
  for (auto& p : d.params)
    if (mentions(*tv_.zonk(p->type), Type::Kind::Acc)) {
      diags_.error(p->span, "an entry point parameter cannot be an accumulator");
      return;
    }
  if (mentions(*result, Type::Kind::Acc)) {
    diags_.error(d.name.span.known() ? d.name.span : d.span,
                 "entry point `" + d.name.base + "` cannot return an accumulator");
    return;
  }
  for (auto& p : d.params)
    if (arrayOfSum(*tv_.eraseAbstract(tv_.zonk(p->type)))) {
      diags_.unsupported(p->span, "an array of a sum type in an entry point parameter");
      return;
    }
  if (arrayOfSum(*result)) {
    diags_.unsupported(d.name.span.known() ? d.name.span : d.span,
                       "an array of a sum type in an entry point result");
    return;
  }
  if (!isFirstOrder(*result)) {
    diags_.error(d.name.span.known() ? d.name.span : d.span,
                 "entry point `" + d.name.base + "` returns a function type `" + result->str() +
                     "`");
    return;
  }
  out_.entryPoints.push_back(&d);
}

// --- the final pass -------------------------------------------------------------------------

namespace {

/// Applies the substitution to every annotation in the AST, and puts the definitions of
/// abstract types in (Note [Abstract types] in Modules.h).
class Finaliser {
public:
  explicit Finaliser(const TypeVars& tv) : tv_(tv) {}

  TypeRef finalType(const TypeRef& t) const { return tv_.eraseAbstract(tv_.forgetFlexibleSizes(t)); }

  void decl(Decl& d) {
    if (d.type)
      d.type = finalType(d.type);
    for (auto& p : d.params)
      pattern(*p);
    if (d.retTypeExp)
      typeExp(*d.retTypeExp);
    if (d.body)
      expr(*d.body);
    if (d.inner)
      decl(*d.inner);
  }

  void expr(Expr& e) {
    if (e.type)
      e.type = finalType(e.type);
    for (auto& sub : e.elems)
      if (sub)
        expr(*sub);
    for (auto& [name, sub] : e.fields)
      if (sub)
        expr(*sub);
    for (ast::DimIndex& ix : e.indices)
      for (ast::ExprPtr* sub : {&ix.index, &ix.start, &ix.end, &ix.stride})
        if (*sub)
          expr(**sub);
    for (auto& p : e.params)
      pattern(*p);
    if (e.retTypeExp)
      typeExp(*e.retTypeExp);
    if (e.pattern)
      pattern(*e.pattern);
    if (e.typeExp)
      typeExp(*e.typeExp);
    if (e.loopForm.bound)
      expr(*e.loopForm.bound);
    if (e.loopForm.element)
      pattern(*e.loopForm.element);
    for (ast::MatchCase& c : e.cases) {
      if (c.pattern)
        pattern(*c.pattern);
      if (c.body)
        expr(*c.body);
    }
  }

  void pattern(Pattern& p) {
    if (p.type)
      p.type = finalType(p.type);
    for (auto& sub : p.elems)
      if (sub)
        pattern(*sub);
    for (auto& [name, sub] : p.fields)
      if (sub)
        pattern(*sub);
    if (p.typeExp)
      typeExp(*p.typeExp);
    if (p.literal)
      expr(*p.literal);
  }

  void typeExp(TypeExp& te) {
    if (te.resolved)
      te.resolved = finalType(te.resolved);
    for (auto& sub : te.args)
      if (sub)
        typeExp(*sub);
    for (auto& [name, sub] : te.fields)
      if (sub)
        typeExp(*sub);
  }

private:
  const TypeVars& tv_;
};

/// Copies `from`'s diagnostics into `to`, each once: a mistake in a functor's body is
/// met by its check (Note [Sealed functor parameters] in Modules.h) and by each instance.
void forward(const DiagnosticEngine& from, DiagnosticEngine& to) {
  std::set<std::string> seen;
  for (const Diagnostic& d : from.all()) {
    if (!seen.insert(d.span.str() + ":" + std::to_string(d.span.endLine) + ":" +
                     std::to_string(d.span.endCol) + ":" + d.message)
             .second)
      continue;
    Diagnostic& copy = d.severity == Severity::Warning ? to.warning(d.span, d.message)
                                                       : to.error(d.span, d.message);
    copy.notes = d.notes;
  }
}

} // namespace

void Checker::finalise(ast::Program& prog) {
  Finaliser f(tv_);
  for (auto& d : prog.decls)
    f.decl(*d);
  for (Binding& b : out_.bindings)
    b.type = tv_.eraseAbstract(b.type);
}

bool isPreludeFile(const SourceFileRef& file) {
  return file && file->path.rfind("prelude/", 0) == 0;
}

const ast::Decl* CheckedProgram::findDecl(int uid) const {
  if (uid < 0 || uid >= static_cast<int>(bindings.size()))
    return nullptr;
  const Binding& b = bindings[uid];
  return b.kind == Binding::Kind::TopLevel ? b.decl : nullptr;
}

const ast::Decl* CheckedProgram::findEntry(const std::string& name) const {
  for (const ast::Decl* d : entryPoints)
    if (d->name.base == name)
      return d;
  return nullptr;
}

std::optional<CheckedProgram> checkProgram(std::vector<ast::Program>& files,
                                           DiagnosticEngine& diags) {
  if (!flattenModules(files, diags))
    return std::nullopt;
  CheckedProgram out;
  out.files = &files;
  DiagnosticEngine local;
  Checker checker(out, local);
  for (ast::Program& prog : files) {
    bool prelude = isPreludeFile(prog.file);
    checker.setInPrelude(prelude);
    if (!prelude)
      checker.beginFile(/*isMain=*/&prog == &files.back());
    for (auto& d : prog.decls)
      checker.checkDecl(*d);
    if (prelude && local.hasErrors())
      internalError("checkProgram", "the prelude does not type check:\n" + local.render());
    if (!prelude)
      checker.endFile(prog);
  }
  for (ast::Program& prog : files)
    checker.finalise(prog);
  // A functor's body checked against its parameters' module types is not compiled.
  for (ast::Program& prog : files)
    for (auto it = prog.decls.begin(); it != prog.decls.end();)
      if ((*it)->checkOnly) {
        prog.checkedOnly.push_back(std::move(*it));
        it = prog.decls.erase(it);
      } else {
        ++it;
      }
  for (ast::Program& prog : files)
    if (!local.hasErrors() && !isPreludeFile(prog.file))
      checkExhaustive(prog, local);
  for (ast::Program& prog : files)
    if (!local.hasErrors() && !isPreludeFile(prog.file))
      checkRestrictions(prog, local, checker.liftedAbstract());
  for (ast::Program& prog : files)
    if (!local.hasErrors() && !isPreludeFile(prog.file))
      checkUniqueness(out, prog, local);
  forward(local, diags);
  if (local.hasErrors())
    return std::nullopt;
  return out;
}

} // namespace fjord::sema
