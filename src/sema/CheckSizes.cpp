// Size types at uses of functions (Note [Size variables] in UnifySizes.cpp).
//
// A use of a top-level function instantiates its size parameters with flexible size
// variables, so that the arguments of a call bind them and the result has the arguments'
// sizes (`f xs` of `def f [n] (xs: [n]i32) : [n]i32` has the size of `xs`). A size named by
// a parameter (`def iota (n: i64) : [n]i64`) becomes the size the argument expresses: a
// constant, or the name of an `i64` variable; any other expression, and any size of the
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
  default:
    return t;
  }
}

bool mentionsSize(const TypeRef& t, const std::string& name) {
  bool found = false;
  mapSizes(t, [&](const Size& s) {
    found = found || (s.kind == Size::Kind::Var && s.name == name);
    return s;
  });
  return found;
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
  tv_.noteRigidSize(name, SizeOrigin{what, b.span});
}

TypeRef Checker::instantiateSizes(const TypeRef& t, const ast::Decl& d, const SourceSpan& use) {
  std::set<std::string> sizeParams, named;
  for (const ast::TypeParam& tp : d.typeParams)
    if (tp.kind == ast::TypeParam::Kind::Size)
      sizeParams.insert(tp.name);
  std::map<std::string, Size> flexible, existential;
  auto mapName = [&](const Size& s, bool inResult) -> Size {
    if (s.kind == Size::Kind::Var && (sizeParams.count(s.name) || s.name[0] == '?')) {
      auto [it, added] = flexible.try_emplace(s.name, Size::unknown());
      if (added)
        it->second = tv_.freshSize(s.name[0] == '?' ? "" : s.name);
      return it->second;
    }
    if (s.kind == Size::Kind::Var && named.count(s.name))
      return s; // substituted by applyTo
    if (s.kind == Size::Kind::Const || !inResult)
      return s.kind == Size::Kind::Const ? s : Size::unknown();
    SizeOrigin origin{"the size of the result of `" + d.name.base + "` here", use};
    if (s.kind == Size::Kind::Unknown)
      return tv_.freshExistential(origin);
    // One existential per name: `?[k].([k]t, [k]t)` has two arrays of the same size.
    auto [it, added] = existential.try_emplace(s.name, Size::unknown());
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
  if (arg.kind == Expr::Kind::IntLit)
    return Size::constant(static_cast<int64_t>(arg.intValue));
  if (arg.kind == Expr::Kind::Var && arg.name.qualifiers.empty() && arg.name.uid >= 0 &&
      arg.type && tv_.head(arg.type)->kind == Type::Kind::Prim) {
    noteSizeName(arg.name.base, arg.name.uid);
    return Size::var(arg.name.base);
  }
  return tv_.freshExistential(SizeOrigin{"the size given by this argument", arg.span});
}

TypeRef Checker::substituteNamedSize(const TypeRef& result, const std::string& paramName,
                                     const Expr& arg) {
  std::optional<Size> size;
  return mapSizes(result, [&](const Size& s) {
    if (s.kind != Size::Kind::Var || s.name != paramName)
      return s;
    if (!size)
      size = argumentSize(arg);
    return *size;
  });
}

SizeContext Checker::callContext(const Expr& callee, const Expr& arg, size_t i) const {
  if (callee.kind != Expr::Kind::Var)
    return {};
  return SizeContext{callee.name.str(), argumentName(arg, i)};
}

} // namespace fjord::sema
