// Size types at call sites and ascriptions.
//
// Unification ignores sizes (Check.h); this file adds the checks that need them. At a call
// `f a1 a2 ...` of a top-level function with size parameters (`def f [n] (xs: [n]t) ...`),
// each argument whose type has a known size (a constant from an array literal, or a size
// variable of the caller such as its own `[m]`) binds the callee's size parameter in that
// position; two arguments that bind the same parameter to different sizes, or a constant
// parameter size (`[3]t`) that differs from the argument's, are a "size mismatch". The
// ascription `e : [3]t` of a value of known, different size is one too; the coercion
// `e :> [3]t` is instead checked at run time.
#include "sema/Checker.h"

#include <map>

namespace fjord::sema {

using ast::Expr;

namespace {

/// Where a size parameter got its size in one call.
struct SizeOrigin {
  Size size;
  const Expr* arg;
  size_t argIndex;
};

std::string ordinal(size_t i) {
  static const char* names[] = {"first", "second", "third", "fourth", "fifth", "sixth"};
  return i < 6 ? names[i] : std::to_string(i + 1) + "th";
}

std::string argName(const Expr& arg, size_t i) {
  std::string s = "the " + ordinal(i) + " argument";
  if (arg.kind == Expr::Kind::Var)
    s += ", `" + arg.name.str() + "`";
  return s;
}

bool isKnown(const Size& s) { return s.kind != Size::Kind::Unknown; }

/// Calls `f(paramDim, argDim)` for the matching dimensions of a parameter type and an
/// argument type (arrays, and the components of tuples and records).
template <typename F>
void zipDims(const TypeRef& param, const TypeRef& arg, F f) {
  if (!param || !arg)
    return;
  if (param->kind == Type::Kind::Array && arg->kind == Type::Kind::Array) {
    size_t n = std::min(param->shape.size(), arg->shape.size());
    for (size_t i = 0; i < n; ++i)
      f(param->shape[i], arg->shape[i]);
    if (param->shape.size() == arg->shape.size())
      zipDims(param->elem, arg->elem, f);
    return;
  }
  if (param->kind != arg->kind)
    return;
  if (param->kind == Type::Kind::Tuple && param->elems.size() == arg->elems.size())
    for (size_t i = 0; i < param->elems.size(); ++i)
      zipDims(param->elems[i], arg->elems[i], f);
  if (param->kind == Type::Kind::Record && param->fields.size() == arg->fields.size())
    for (size_t i = 0; i < param->fields.size(); ++i)
      zipDims(param->fields[i].second, arg->fields[i].second, f);
}

} // namespace

void Checker::checkCallSizes(const Expr& callee, const std::vector<const Expr*>& args) {
  if (callee.kind != Expr::Kind::Var || callee.name.uid < 0 || !callee.name.qualifiers.empty())
    return;
  const Binding& b = out_.bindings[callee.name.uid];
  if (b.kind != Binding::Kind::TopLevel || !b.decl || !b.type)
    return;
  std::vector<std::string> sizeParams;
  for (const ast::TypeParam& tp : b.decl->typeParams)
    if (tp.kind == ast::TypeParam::Kind::Size)
      sizeParams.push_back(tp.name);
  auto isSizeParam = [&](const std::string& n) {
    return std::find(sizeParams.begin(), sizeParams.end(), n) != sizeParams.end();
  };

  std::map<std::string, SizeOrigin> bound;
  TypeRef fn = b.type;
  for (size_t i = 0; i < args.size() && fn->kind == Type::Kind::Function; ++i, fn = fn->result) {
    const Expr& arg = *args[i];
    bool reported = false;
    zipDims(fn->param, tv_.zonk(arg.type), [&](const Size& want, const Size& got) {
      if (reported || !isKnown(got))
        return;
      if (want.kind == Size::Kind::Const && got != want) {
        diags_.error(arg.span, "size mismatch: " + argName(arg, i) + " of `" +
                                   callee.name.str() + "` has size `" + got.str() +
                                   "` but the parameter's type requires `" + want.str() + "`");
        reported = true;
        return;
      }
      if (want.kind != Size::Kind::Var || !isSizeParam(want.name))
        return;
      auto [it, added] = bound.try_emplace(want.name, SizeOrigin{got, &arg, i});
      if (added || it->second.size == got)
        return;
      const SizeOrigin& first = it->second;
      diags_
          .error(arg.span, "size mismatch in call of `" + callee.name.str() + "`: size `" +
                               want.name + "` is `" + first.size.str() + "` (from " +
                               argName(*first.arg, first.argIndex) + ") but `" + got.str() +
                               "` here (from " + argName(arg, i) + ")")
          .note(first.arg->span, "`" + want.name + "` = `" + first.size.str() +
                                     "` comes from this argument");
      reported = true;
    });
  }
}

void Checker::checkAscribedSizes(const TypeRef& annotated, const Expr& e) {
  bool reported = false;
  zipDims(annotated, tv_.zonk(e.type), [&](const Size& want, const Size& got) {
    if (reported || !isKnown(want) || !isKnown(got) || want == got)
      return;
    diags_.error(e.span, "size mismatch: this value has size `" + got.str() +
                             "` but the ascribed type requires `" + want.str() +
                             "`; use `:>` to check the size at run time");
    reported = true;
  });
}

} // namespace fjord::sema
