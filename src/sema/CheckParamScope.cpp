// A size that escapes its scope through the type of a function's parameter, and type
// parameters that no parameter's type mentions.
//
// A parameter whose type is not given is a type variable, created before the body is
// checked. If the body unifies it with a type whose size names a variable of the body (a
// `let`, a loop or a `match` inside), the parameter's type would mention a name that is not
// in scope where the function is called: `\x -> let n = k + 1 in length (pick x (iota n))`
// with `def pick 't (a: t) (b: t) : t`. As in Futhark this is an error (a size cannot be
// existential in a parameter, as the caller picks it); without it the size would silently
// become unknown. A parameter whose type mentions another parameter (`(n: i64) (xs: [n]t)`)
// is fine: those are bound before the body. The same holds for an existential size the body
// makes (`ext'N` with N above `bodyFirstExistential`): a `[]` parameter (a flexible size,
// CheckAnonymousSizes.cpp) unified with the size of a `filter` result in the body.
#include "sema/Checker.h"

#include <algorithm>
#include <set>

namespace fjord::sema {

namespace {

void collectPatternUids(const ast::Pattern& p, std::set<int>& out) {
  if (p.kind == ast::Pattern::Kind::Id && p.name.uid >= 0)
    out.insert(p.name.uid);
  for (const auto& sub : p.elems)
    if (sub)
      collectPatternUids(*sub, out);
  for (const auto& [field, sub] : p.fields)
    if (sub)
      collectPatternUids(*sub, out);
}

} // namespace

// `def f (x: i64, _: bool) : [x]i32`: Futhark binds a size only from a parameter of its own,
// so `x`, part of a tuple, cannot be a size of the result (nor could a caller know it).
void Checker::checkReturnSizesNamed(const std::vector<ast::PatternPtr>& params,
                                    const std::vector<int>& namedUids, const TypeRef& ret,
                                    const SourceSpan& span) {
  std::set<int> bound;
  for (const auto& p : params)
    collectPatternUids(*p, bound);
  bool reported = false;
  mapSizes(tv_.zonk(ret), [&](const Size& s) {
    for (const Size& v : s.vars())
      if (!reported && v.kind == Size::Kind::Var && bound.count(v.uid) &&
          std::find(namedUids.begin(), namedUids.end(), v.uid) == namedUids.end()) {
        diags_.error(span, "the return type uses `" + v.name + "` as a size, but `" + v.name +
                               "` is bound inside a tuple or record parameter; only a "
                               "parameter of its own, `(" + v.name + ": i64)`, can be a size");
        reported = true;
      }
    return s;
  });
}

void Checker::checkParamSizesInScope(const ast::Pattern& p, const TypeRef& t, int bodyFirstUid,
                                     int bodyFirstExistential) {
  std::set<int> reported;
  TypeRef zonked = tv_.zonk(t);
  mapSizes(zonked, [&](const Size& s) {
    if (s.kind == Size::Kind::Var && s.uid >= bodyFirstUid &&
        s.uid < static_cast<int>(out_.bindings.size()) && reported.insert(s.uid).second) {
      Diagnostic& d = diags_.error(
          p.span, "size `" + s.name + "` goes out of scope: the type of this parameter is `" +
                      zonked->str() + "`, but `" + s.name +
                      "` is bound inside the function's body");
      d.note(out_.bindings[s.uid].span, "`" + s.name + "` is the variable bound here");
    }
    if (TypeVars::existentialNumber(s) > bodyFirstExistential && reported.insert(-1).second) {
      Diagnostic& d = diags_.error(
          p.span, "size mismatch: the type of this parameter is `" + zonked->str() +
                      "`, but `" + s.name + "` is a size made inside the function's body");
      if (const SizeOrigin* o = tv_.sizeOrigin(s))
        d.note(o->span, "`" + s.name + "` is " + o->what);
    }
    return s;
  });
}

namespace {

/// Whether the type variable `name` occurs in `t`.
bool mentionsTypeVar(const TypeRef& t, const std::string& name) {
  bool found = false;
  mapType(
      t,
      [&](const TypeRef& v) {
        found = found || v->name == name;
        return v;
      },
      [](const Size& s) { return s; });
  return found;
}

/// Whether `name` occurs in the parameter type of a function type within the result type
/// `t`: there an argument of a later application fixes it.
bool mentionsTypeVarAsParam(const TypeRef& t, const std::string& name) {
  switch (t->kind) {
  case Type::Kind::Function:
    return mentionsTypeVar(t->param, name) || mentionsTypeVarAsParam(t->result, name);
  case Type::Kind::Tuple:
    return std::any_of(t->elems.begin(), t->elems.end(),
                       [&](const TypeRef& e) { return mentionsTypeVarAsParam(e, name); });
  case Type::Kind::Record:
    return std::any_of(t->fields.begin(), t->fields.end(), [&](const auto& f) {
      return mentionsTypeVarAsParam(f.second, name);
    });
  default:
    return false;
  }
}

} // namespace

// A type parameter gets its type from an argument, like a size parameter its size: one that
// no parameter's type mentions could never be known at a call (as in Futhark, an error),
// unless the result is a function taking it (`'c ... : c -> b`), whose application fixes it.
void Checker::checkTypeParamsUsed(const ast::Decl& d, const TypeRef& type) {
  // A body-less declaration (a functor parameter's `val`, Decl::checkOnly) is only a type:
  // `val id 'a : a -> a` has no parameters to use `a` in.
  if (!d.body)
    return;
  TypeRef result = tv_.zonk(type);
  for (size_t i = 0; i < d.params.size() && result->kind == Type::Kind::Function; ++i)
    result = result->result;
  for (const ast::TypeParam& tp : d.typeParams)
    if (tp.kind != ast::TypeParam::Kind::Size &&
        std::none_of(d.params.begin(), d.params.end(), [&](const ast::PatternPtr& p) {
          return p->type && mentionsTypeVar(tv_.zonk(p->type), tp.name);
        }) &&
        !mentionsTypeVarAsParam(result, tp.name))
      diags_.error(tp.span, "type parameter `" + tp.name + "` is not used in any parameter type");
}

} // namespace fjord::sema
