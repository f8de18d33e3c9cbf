// Size types at uses of functions (Note [Size variables] in UnifySizes.cpp).
//
// A use of a top-level function instantiates its size parameters with flexible size
// variables, so that the arguments of a call bind them and the result has the arguments'
// sizes (`f xs` of `def f [n] (xs: [n]i32) : [n]i32` has the size of `xs`). A size named by
// a parameter (`def iota (n: i64) : [n]i64`) becomes the size the argument expresses: a
// constant, the name of an `i64` variable, or `+ - *` of those (`iota (n+1)` has size `n+1`,
// CheckSizeExpr.cpp); any other expression, and any size of the
// result that the caller cannot express (`[]t` or an existential `?[k].[k]t` in the result
// type, as of `filter`), becomes a fresh existential size of that call, which differs from
// every other size.
#include "sema/Checker.h"

#include <set>

namespace fjord::sema {

using ast::Expr;

namespace {

std::string ordinal(size_t i) {
  static const char* names[] = {"first", "second", "third", "fourth", "fifth", "sixth"};
  return i < 6 ? names[i] : std::to_string(i + 1) + "th";
}

/// `t` without uniqueness: it matters to the uniqueness pass, which reads the declarations,
/// not to the types of uses.
TypeRef withoutUniqueness(const TypeRef& t) {
  switch (t->kind) {
  case Type::Kind::Array:
    return Type::array(withoutUniqueness(t->elem), t->shape);
  case Type::Kind::Tuple: {
    std::vector<TypeRef> elems;
    for (const TypeRef& e : t->elems)
      elems.push_back(withoutUniqueness(e));
    return Type::tuple(std::move(elems));
  }
  case Type::Kind::Record: {
    auto fields = t->fields;
    for (auto& f : fields)
      f.second = withoutUniqueness(f.second);
    return Type::record(std::move(fields));
  }
  case Type::Kind::Function:
    return Type::function(withoutUniqueness(t->param), withoutUniqueness(t->result),
                          t->paramName);
  case Type::Kind::Acc:
    return Type::accumulator(withoutUniqueness(t->elem));
  default:
    return t;
  }
}

/// Whether `s` is the name bound by an arrow's named parameter `name` (Note [Size variables]).
bool isArrowParam(const Size& s, const std::string& name) {
  return s.kind == Size::Kind::Var && s.uid < 0 && s.name == name;
}

bool mentionsSize(const TypeRef& t, const std::string& name) {
  bool found = false;
  mapSizes(t, [&](const Size& s) {
    found = found || isArrowParam(s, name);
    return s;
  });
  return found;
}

/// `t` with the sizes that `f` maps replaced, except under a function type whose named
/// parameter is `name` (there the name means that parameter); `under` maps the sizes there.
TypeRef mapOutsideArrow(const TypeRef& t, const std::string& name,
                        const std::function<Size(const Size&)>& f,
                        const std::function<Size(const Size&)>& under) {
  if (t->kind != Type::Kind::Function)
    return mapSizes(t, f);
  TypeRef param = mapOutsideArrow(t->param, name, f, under);
  TypeRef result = t->paramName == name ? mapSizes(t->result, under)
                                        : mapOutsideArrow(t->result, name, f, under);
  return Type::function(param, result, t->paramName);
}

} // namespace

std::string Checker::argumentName(const Expr& arg, size_t i) {
  std::string s = "the " + ordinal(i) + " argument";
  if (arg.kind == Expr::Kind::Var && arg.name.qualifiers.empty())
    s += ", `" + arg.name.str() + "`";
  return s;
}

void Checker::noteSizeName(const std::string& name, int uid) {
  if (uid < 0 || uid >= static_cast<int>(out_.bindings.size()))
    return;
  const Binding& b = out_.bindings[uid];
  std::string what = "the variable bound here";
  if (b.kind == Binding::Kind::SizeParam && b.decl)
    what = "a size parameter of `" + b.decl->name.base + "`";
  else if (b.kind == Binding::Kind::LoopIterator)
    what = "the loop iterator bound here";
  tv_.noteRigidSize(Size::bound(name, uid), SizeOrigin{what, b.span});
}

TypeRef Checker::instantiateSizes(const TypeRef& t, const ast::Decl& d, const SourceSpan& use) {
  if (&d == selfDecl_) { // a recursive use: the type is still being inferred
    selfDecl_->recursive = true;
    return t;
  }
  std::set<int> sizeParams;
  std::set<std::string> named;
  for (const ast::TypeParam& tp : d.typeParams)
    if (tp.kind == ast::TypeParam::Kind::Size && tp.uid >= 0)
      sizeParams.insert(tp.uid);
  std::map<std::string, Size> flexible, existential; // by sizeKey
  // The sizes that `[]` in `d`'s parameters stand for are size parameters too.
  auto anonymousParam = [&](const Size& s) {
    if (s.uid < 0 || s.uid >= static_cast<int>(out_.bindings.size()))
      return false;
    const Binding& b = out_.bindings[s.uid];
    return b.kind == Binding::Kind::SizeParam && b.decl == &d;
  };
  auto mapName = [&](const Size& s, bool inResult) -> Size {
    if (s.kind == Size::Kind::Var &&
        (sizeParams.count(s.uid) || anonymousParam(s) || (s.uid < 0 && s.name[0] == '?'))) {
      auto [it, added] = flexible.try_emplace(sizeKey(s), Size::unknown());
      if (added)
        it->second = tv_.freshSize(s.name[0] == '?' ? "" : s.name);
      return it->second;
    }
    if (s.kind == Size::Kind::Var && s.uid < 0 && named.count(s.name))
      return s; // substituted by applyTo
    // A top-level constant (`[P.n]` of a module member) is in scope at every later call.
    if (s.kind == Size::Kind::Var && s.uid >= 0 &&
        s.uid < static_cast<int>(out_.bindings.size()) &&
        out_.bindings[s.uid].kind == Binding::Kind::TopLevel)
      return s;
    if (s.kind == Size::Kind::Const || !inResult)
      return s.kind == Size::Kind::Const ? s : Size::unknown();
    SizeOrigin origin{"the size of the result of `" + d.name.base + "` here", use};
    if (s.kind == Size::Kind::Unknown)
      return tv_.freshExistential(origin);
    // A variable of `d`'s body (or any other binding the caller cannot name): its binding,
    // so that a caller's variable of the same spelling is seen to differ.
    if (s.uid >= 0 && s.uid < static_cast<int>(out_.bindings.size())) {
      origin.alsoWhat = "`" + s.name + "` in the type of `" + d.name.base +
                        "` is the variable bound here, not in scope at the call";
      origin.alsoAt = out_.bindings[s.uid].span;
    } else if (const SizeOrigin* o = tv_.sizeOrigin(s); o && o->alsoAt.known()) {
      // An existential for a variable of `d`'s body that went out of scope there.
      origin.alsoWhat = o->alsoWhat + ", in the body of `" + d.name.base + "`";
      origin.alsoAt = o->alsoAt;
    }
    // One existential per name: `?[k].([k]t, [k]t)` has two arrays of the same size.
    auto [it, added] = existential.try_emplace(sizeKey(s), Size::unknown());
    if (added)
      it->second = tv_.freshExistential(origin);
    return it->second;
  };
  std::function<TypeRef(const TypeRef&)> walk = [&](const TypeRef& f) -> TypeRef {
    if (f->kind != Type::Kind::Function)
      return mapSizes(f, [&](const Size& s) { return mapName(s, true); });
    TypeRef param = mapSizes(f->param, [&](const Size& s) { return mapName(s, false); });
    // A parameter's name matters only where later sizes mention it.
    std::string name =
        !f->paramName.empty() && mentionsSize(f->result, f->paramName) ? f->paramName : "";
    if (!name.empty())
      named.insert(name);
    return Type::function(param, walk(f->result), name);
  };
  return walk(withoutUniqueness(t));
}

Size Checker::argumentSize(const Expr& arg) {
  if (std::optional<symbolic::Expr> e = argumentExpression(arg))
    return Size::expression(*e);
  return tv_.freshExistential(SizeOrigin{"the size given by this argument", arg.span});
}

TypeRef Checker::substituteNamedSize(const TypeRef& result, const std::string& paramName,
                                     const Expr& arg) {
  std::optional<Size> size;
  auto subst = [&](const Size& s) {
    if (!isArrowParam(s, paramName))
      return s;
    if (!size)
      size = argumentSize(arg);
    return *size;
  };
  return mapOutsideArrow(result, paramName, subst, [](const Size& s) { return s; });
}

TypeRef Checker::bindArrowParam(const TypeRef& t, const std::string& name, int uid) {
  auto toArrow = [&](const Size& s) { return s.uid == uid ? Size::var(s.name) : s; };
  // Under an arrow that binds the same spelling the parameter cannot be named: unknown.
  auto hidden = [&](const Size& s) { return s.uid == uid ? Size::unknown() : s; };
  return mapOutsideArrow(tv_.zonk(t), name, toArrow, hidden);
}

TypeRef Checker::escapeSizes(const TypeRef& t, int firstUid, const SourceSpan& scope) {
  std::map<int, Size> made; // one existential per variable
  auto local = [&](const Size& s) { return s.kind == Size::Kind::Var && s.uid >= firstUid; };
  auto inResult = [&](const Size& s) {
    if (!local(s))
      return s;
    auto [it, added] = made.try_emplace(s.uid, Size::unknown());
    if (added) {
      SizeOrigin origin{"the size `" + s.name + "`, whose variable is not in scope outside this",
                        scope};
      if (s.uid < static_cast<int>(out_.bindings.size())) {
        origin.alsoWhat = "`" + s.name + "` is the variable bound here";
        origin.alsoAt = out_.bindings[s.uid].span;
      }
      it->second = tv_.freshExistential(std::move(origin));
    }
    return it->second;
  };
  // A parameter's size cannot be existential (the caller picks it): it becomes unknown.
  auto inParam = [&](const Size& s) { return local(s) ? Size::unknown() : s; };
  std::function<TypeRef(const TypeRef&)> walk = [&](const TypeRef& f) -> TypeRef {
    if (f->kind != Type::Kind::Function)
      return mapSizes(f, inResult);
    return Type::function(mapSizes(f->param, inParam), walk(f->result), f->paramName);
  };
  return walk(tv_.zonk(t));
}

SizeContext Checker::callContext(const Expr& callee, const Expr& arg, size_t i) const {
  if (callee.kind != Expr::Kind::Var)
    return {};
  return SizeContext{callee.name.str(), argumentName(arg, i)};
}

} // namespace fjord::sema
