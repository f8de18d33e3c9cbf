// Patterns (binding names, matching annotations) and type expressions (resolving what the
// user wrote to semantic types, sizes included).
#include "sema/Builtins.h"
#include "sema/Checker.h"
#include "support/Suggest.h"

#include <set>
#include <utility>

namespace fjord::sema {

using ast::Pattern;
using ast::TypeExp;

void Checker::bindPattern(Pattern& p, const TypeRef& t, bool isLoopParam) {
  p.type = t;
  switch (p.kind) {
  case Pattern::Kind::Id: {
    Binding b;
    b.kind = Binding::Kind::Local;
    b.name = p.name.base;
    b.span = p.name.span;
    b.pattern = &p;
    b.type = t;
    bind(p.name, Scheme{t, {}}, std::move(b));
    return;
  }
  case Pattern::Kind::Wildcard:
    return;
  case Pattern::Kind::Tuple: {
    if (p.elems.size() == 1)
      return bindPattern(*p.elems[0], t, isLoopParam);
    TypeRef h = tv_.head(t);
    std::vector<TypeRef> elems;
    if (h->kind == Type::Kind::Tuple && h->elems.size() == p.elems.size()) {
      elems = h->elems;
    } else {
      for (auto& e : p.elems)
        elems.push_back(fresh(e->span));
      if (!unify(Type::tuple(elems), t, p.span))
        elems.assign(p.elems.size(), nullptr);
    }
    for (size_t i = 0; i < p.elems.size(); ++i)
      bindPattern(*p.elems[i], elems[i] ? elems[i] : fresh(p.elems[i]->span), isLoopParam);
    return;
  }
  case Pattern::Kind::Record: {
    TypeRef h = tv_.head(t);
    std::vector<std::pair<std::string, TypeRef>> fields;
    for (auto& [name, sub] : p.fields)
      fields.emplace_back(name, fresh(sub ? sub->span : p.span));
    TypeRef want = Type::record(fields);
    unify(want, t, p.span);
    for (auto& [name, sub] : p.fields) {
      if (!sub) { // `{x}` binds `x`
        sub = std::make_unique<Pattern>();
        sub->kind = Pattern::Kind::Id;
        sub->span = p.span;
        sub->name.base = name;
        sub->name.span = p.span;
      }
      TypeRef ft;
      for (const auto& f : want->fields)
        if (f.first == name)
          ft = f.second;
      if (sub)
        bindPattern(*sub, ft, isLoopParam);
    }
    return;
  }
  case Pattern::Kind::Ascribed: {
    TypeRef annotated = resolveTypeExp(*p.typeExp);
    unify(annotated, t, p.span);
    p.type = annotated;
    if (!p.elems.empty())
      bindPattern(*p.elems[0], annotated, isLoopParam);
    return;
  }
  case Pattern::Kind::Literal: {
    TypeRef lt = check(*p.literal);
    unify(t, lt, p.span);
    return;
  }
  case Pattern::Kind::Constructor: {
    std::vector<TypeRef> payload;
    for (auto& sub : p.elems)
      payload.push_back(patternType(*sub));
    Constraint c;
    c.constructors[p.name.base] = payload;
    c.origin = "constructor pattern `#" + p.name.base + "`";
    c.span = p.span;
    tv_.constrain(t, std::move(c), p.span);
    for (size_t i = 0; i < p.elems.size(); ++i)
      bindPattern(*p.elems[i], payload[i], isLoopParam);
    return;
  }
  }
}

TypeRef Checker::patternType(Pattern& p) {
  if (p.kind == Pattern::Kind::Ascribed)
    return resolveTypeExp(*p.typeExp);
  if (p.kind == Pattern::Kind::Tuple && p.elems.size() == 1)
    return patternType(*p.elems[0]);
  return fresh(p.span);
}

TypeRef Checker::resolveTypeExp(TypeExp& te) {
  if (!te.resolved)
    te.resolved = resolveTypeExpRec(te);
  return te.resolved;
}

namespace {

/// Collects the names of `?[n]` sizes that `t` uses as the size of an array outside any
/// function type (a constructive use: a value of `t` carries the size).
void constructiveSizes(const TypeRef& t, std::set<std::string>& out) {
  switch (t->kind) {
  case Type::Kind::Array:
    for (const Size& s : t->shape)
      if (s.kind == Size::Kind::Var && s.uid < 0)
        out.insert(s.name);
    constructiveSizes(t->elem, out);
    return;
  case Type::Kind::Tuple:
    for (const TypeRef& e : t->elems)
      constructiveSizes(e, out);
    return;
  case Type::Kind::Record:
    for (const auto& f : t->fields)
      constructiveSizes(f.second, out);
    return;
  case Type::Kind::Sum:
    for (const auto& c : t->constructors)
      for (const TypeRef& p : c.second)
        constructiveSizes(p, out);
    return;
  case Type::Kind::Prim:
  case Type::Kind::Function: // a function carries no sizes at run time
  case Type::Kind::Var:
  case Type::Kind::Acc:
    return;
  }
}

} // namespace

// Futhark's "existential size not used as array size": `?[n].t` says that a value of `t`
// holds some size `n`, so `t` must use `n` as an array size outside its function types;
// `?[n].bool -> [n]bool` would leave `n` with nothing to be read from.
void Checker::existentialsUsed(const TypeExp& te, const TypeRef& inner) {
  std::set<std::string> used;
  constructiveSizes(inner, used);
  for (const std::string& n : te.existentials)
    if (!used.count(n)) {
      diags_.error(te.span, "existential size `" + n + "` is not used as an array size " +
                                "outside a function type, so no value carries it");
      return;
    }
}

// As in Futhark, an abbreviation declared lifted is taken at its word, whatever its
// definition: `type^` may hide functions and `type~` sizes, so neither is an array element.
void Checker::checkLiftedElement(const TypeExp& array) {
  const TypeExp* elem = array.args.empty() ? nullptr : array.args[0].get();
  if (!elem || elem->kind != TypeExp::Kind::Named || !elem->name.qualifiers.empty())
    return;
  const TypeEntry* entry = lookupType(elem->name.base);
  const ast::Decl* decl = entry ? entry->decl : nullptr; // abstract types: CheckRestrictions
  if (!decl || decl->liftedness.empty())
    return;
  std::string why = decl->liftedness == "^"
                        ? "lifted (`type^`), so it may contain functions"
                        : "size-lifted (`type~`), so its values may differ in size";
  diags_.error(elem->span,
               "arrays of `" + elem->name.base + "` are not allowed: it is declared " + why);
}

TypeRef Checker::resolveTypeExpRec(TypeExp& te) {
  auto resolveArg = [&](size_t i) -> TypeRef {
    if (i >= te.args.size() || !te.args[i])
      return fresh(te.span);
    return resolveTypeExp(*te.args[i]);
  };
  switch (te.kind) {
  case TypeExp::Kind::Named: {
    const std::string& n = te.name.base;
    if (te.name.qualifiers.size() == 1 && te.name.qualifiers[0] == "intrinsics" && n == "acc") {
      if (te.args.size() != 1) {
        diags_.error(te.span, "type `intrinsics.acc` expects 1 argument(s), got " +
                                  std::to_string(te.args.size()));
        return fresh(te.span);
      }
      return Type::accumulator(resolveArg(0));
    }
    if (te.name.qualifiers.empty()) {
      if (auto p = primFromName(n)) {
        if (!te.args.empty())
          diags_.error(te.span, "type `" + n + "` takes no arguments");
        return Type::primitive(*p);
      }
      if (const TypeEntry* entry = lookupType(n)) {
        if (entry->params.size() != te.args.size()) {
          diags_.error(te.span, "type `" + n + "` expects " +
                                    std::to_string(entry->params.size()) + " argument(s), got " +
                                    std::to_string(te.args.size()));
          return fresh(te.span);
        }
        if (entry->decl)
          return expandAbbreviation(te, *entry);
        if (entry->abstractDecl && !entry->params.empty())
          return applyAbstract(te, *entry);
        std::map<std::string, TypeRef> sub;
        for (size_t i = 0; i < te.args.size(); ++i)
          sub[entry->params[i]] = resolveArg(i);
        return substitute(entry->type, sub);
      }
    }
    std::vector<std::string> candidates;
    for (auto it = types_.rbegin(); it != types_.rend(); ++it)
      candidates.push_back(it->name);
    for (const std::string& prim : primTypeNames())
      candidates.push_back(prim);
    diags_.error(te.name.span.known() ? te.name.span : te.span,
                 "unknown type `" + te.name.str() + "`" +
                     (te.name.qualifiers.empty() ? didYouMean(te.name.base, candidates) : ""));
    return fresh(te.span);
  }
  case TypeExp::Kind::Array: {
    Size dim = resolveDim(te);
    checkLiftedElement(te); // before resolving: that expands an abbreviation in place
    TypeRef elem = resolveArg(0);
    return Type::array(elem, {dim});
  }
  case TypeExp::Kind::Tuple: {
    std::vector<TypeRef> elems;
    for (size_t i = 0; i < te.args.size(); ++i)
      elems.push_back(resolveArg(i));
    return elems.size() == 1 ? elems[0] : Type::tuple(std::move(elems));
  }
  case TypeExp::Kind::Record: {
    std::vector<std::pair<std::string, TypeRef>> fields;
    for (auto& [name, ft] : te.fields) {
      for (const auto& f : fields)
        if (f.first == name)
          diags_.error(te.span, "field `" + name + "` appears more than once");
      fields.emplace_back(name, ft ? resolveTypeExp(*ft) : fresh(te.span));
    }
    return Type::record(std::move(fields));
  }
  case TypeExp::Kind::Sum: {
    std::vector<std::pair<std::string, std::vector<TypeRef>>> constructors;
    for (auto& [name, payload] : te.constructors) {
      for (const auto& c : constructors)
        if (c.first == name)
          diags_.error(te.span, "constructor `#" + name + "` appears more than once");
      std::vector<TypeRef> types;
      for (auto& p : payload)
        types.push_back(p ? resolveTypeExp(*p) : fresh(te.span));
      constructors.emplace_back(name, std::move(types));
    }
    return Type::sum(std::move(constructors));
  }
  case TypeExp::Kind::Function: {
    // A `[]` in a parameter of function type is inferred (CheckAnonymousSizes.cpp).
    auto anonymous = std::exchange(anonymousSizes_, std::nullopt);
    TypeRef param = resolveArg(0);
    size_t mark = localSizes_.size();
    if (!te.paramName.empty())
      localSizes_.push_back(te.paramName);
    TypeRef result = resolveArg(1);
    localSizes_.resize(mark);
    anonymousSizes_ = std::move(anonymous);
    return Type::function(param, result, te.paramName);
  }
  case TypeExp::Kind::Unique: {
    auto t = std::make_shared<Type>(*tv_.zonk(resolveArg(0)));
    // As in Futhark, only what holds arrays can be unique: `*i32` says nothing.
    if (t->kind == Type::Kind::Prim)
      diags_.error(te.span, "a unique type must hold arrays, but `" + t->str() +
                                "` is a non-array type");
    t->unique = true;
    return t;
  }
  case TypeExp::Kind::Existential: {
    size_t mark = localSizes_.size();
    localSizes_.insert(localSizes_.end(), te.existentials.begin(), te.existentials.end());
    TypeRef inner = resolveArg(0);
    localSizes_.resize(mark);
    existentialsUsed(te, tv_.zonk(inner));
    // Each existential size is some size, the same at each of its uses: a flexible size.
    std::map<std::string, Size> sizes;
    for (const std::string& n : te.existentials)
      sizes.emplace(n, tv_.freshSize(n));
    return mapSizes(inner, [&](const Size& s) {
      auto it = s.kind == Size::Kind::Var ? sizes.find(s.name) : sizes.end();
      return it == sizes.end() ? s : it->second;
    });
  }
  }
  return fresh(te.span);
}

} // namespace fjord::sema
