// Sizes in unification.
//
// Note [Size variables]
// A size in an inferred type is one of
//  - a constant (`[3]`, from array literals and declared types),
//  - a rigid name: a size parameter or `i64` variable in scope (`[n]`), or an existential
//    size `ext'N` that a call, an `if` or a loop introduced for a size it cannot express
//    (the result of `filter`); its origin is recorded for the notes of a mismatch,
//  - a name bound by the type itself: a named parameter in `(n: i64) -> [n]t`, `?[k]`.
// A size that names a variable refers to its binding, not its spelling: Size::uid is the
// variable's uid, so after `let n = n + 1` the sizes `[n]` before and after differ, and a
// size whose variable goes out of scope (a `let`, a loop, a `match` case, a lambda) becomes
// an existential there (Checker::escapeSizes). In a function's type the sizes that name its
// own named parameters lose their uid: they are bound by the arrow (`(n: i64) -> [n]t`), and
// a use substitutes the argument for them; any other variable local to the function is
// existential at each call. Messages print the spelling; where two different variables of
// one spelling meet, the notes point at both bindings.
//  - a flexible variable `?N`, created when a function's type is instantiated at a use
//    (one per size parameter of the callee); unification binds it, and the call's result
//    has the sizes the arguments gave it,
//  - a size expression (`[n+1]`, `[2*n]`, `[n*m]`; CheckSizeExpr.cpp): a sum of products
//    (symbolic/Expr.h) over the sizes above, so `[1+n]` and `[n+1]` are one size. A call
//    substitutes its arguments' sizes into it (`xs ++ ys` is `[n+m]`, `iota (n+1)` is
//    `[n+1]`, `xs[1:]` is `[n-1]`); unification binds a flexible size to an expression, and
//    solves `?1 + 1 = n + 1` for `?1` where it is `±?1` plus the rest; other different
//    expressions mismatch. A size expression beyond `+ - *` is unknown,
//  - unknown (`[]`: intrinsics, slices of arrays of unknown size, ranges, lambda
//    parameters): it unifies with any size and learns nothing. A `[]` in a parameter of a
//    named function is not unknown but a flexible variable of its own (`xs_len`,
//    CheckAnonymousSizes.cpp), as in Futhark. Strided slices (`xs[::2]`) are existential.
// Two different constants or rigid names do not unify: a "size mismatch", reported with
// both sizes and where each came from. `laxSizes` turns that off where Futhark makes a size
// existential instead (the branches of `if`, loop results) or checks it at run time (`:>`).
#include "sema/Unify.h"
#include "symbolic/Expr.h"

#include <cctype>

namespace fjord::sema {

namespace {

size_t sizeIndex(const Size& s) { return std::stoul(s.name.substr(1)); }

} // namespace

std::string sizeKey(const Size& s) { return sizeVarKey(s); }

TypeRef mapSizes(const TypeRef& t, const std::function<Size(const Size&)>& f) {
  return mapType(t, [](const TypeRef& v) { return v; }, f);
}

Size TypeVars::freshSize(const std::string& display) {
  sizeVars_.push_back(SizeVarInfo{std::nullopt, display, {}, {}});
  return Size::var("?" + std::to_string(sizeVars_.size() - 1));
}

Size TypeVars::freshExistential(SizeOrigin origin) {
  std::string name = "ext'" + std::to_string(++existentials_);
  sizeOrigins_[name] = std::move(origin);
  return Size::var(name);
}

int TypeVars::existentialNumber(const Size& s) {
  if (s.kind != Size::Kind::Var || s.name.rfind("ext'", 0) != 0)
    return 0;
  return std::stoi(s.name.substr(4));
}

Size TypeVars::headSize(const Size& s0) const {
  if (s0.kind == Size::Kind::Expr)
    return s0.mapVars([&](const Size& v) { return headSize(v); });
  Size s = s0;
  while (isFlexibleSize(s) && sizeVars_[sizeIndex(s)].binding)
    s = *sizeVars_[sizeIndex(s)].binding;
  return s;
}

bool TypeVars::unifySize(const Size& a0, const Size& b0) {
  Size a = headSize(a0), b = headSize(b0);
  if (a.kind == Size::Kind::Unknown || b.kind == Size::Kind::Unknown || a == b)
    return true;
  auto bind = [&](const Size& var, const Size& to) {
    SizeVarInfo& vi = sizeVars_[sizeIndex(var)];
    vi.binding = to;
    vi.boundFrom = sizeContext.argument;
    vi.boundAt = unifySpan_;
    return true;
  };
  if (laxSizes) // a guess would leak: joinSizes decides what the result's size is
    return true;
  auto occursIn = [](const Size& var, const Size& in) {
    for (const Size& v : in.vars())
      if (v == var)
        return true;
    return false;
  };
  // `let [m] (ys: [m]t) = e`: `m` takes the size of `e`, whatever it is; a flexible size of
  // `e` (a `[]` parameter's) must not become `m`, which is bound later.
  if (openedSizes.count(a.uid) || openedSizes.count(b.uid))
    return true;
  if (isFlexibleSize(a) && !occursIn(a, b))
    return bind(a, b);
  if (isFlexibleSize(b) && !occursIn(b, a))
    return bind(b, a);
  if (auto solved = solveSizeEquation(a, b))
    return bind(solved->first, solved->second);
  if (!sizeConflict_)
    sizeConflict_ = {a0, b0};
  return false;
}

std::optional<std::pair<Size, Size>> TypeVars::solveSizeEquation(const Size& a,
                                                                  const Size& b) const {
  // `a == b` with both sides sums of products: solvable for a flexible variable `v` when
  // `a - b` is `±v + rest` with `v` nowhere in `rest` (`?1 + 1 == n + 1` binds `?1` to `n`).
  std::optional<symbolic::Expr> x = a.symbolic(), y = b.symbolic();
  if (!x || !y)
    return std::nullopt;
  symbolic::Expr diff = *x - *y;
  for (const std::string& key : diff.freeVars()) {
    Size v = Size::var(key);
    if (!isFlexibleSize(v))
      continue;
    for (const symbolic::Term& t : diff.poly().terms) {
      if (t.factors.size() != 1 || t.factors[0]->kind != symbolic::AtomKind::Var ||
          t.factors[0]->name != key || (t.coeff != 1 && t.coeff != -1))
        continue;
      symbolic::Expr rest = diff - symbolic::fromTerm(t);
      if (rest.freeVars().count(key))
        break;
      // t.coeff * v + rest == 0. As in Futhark, which matches sizes by their structure, a
      // solution that would subtract (`xs_len + ys_len == 10`: xs_len = 10 - ys_len) is no
      // solution: the sizes differ.
      symbolic::Expr solution = t.coeff == 1 ? -rest : rest;
      for (const symbolic::Term& st : solution.poly().terms)
        if (st.coeff < 0)
          return std::nullopt;
      return std::pair{v, Size::expression(solution)};
    }
  }
  return std::nullopt;
}

void TypeVars::reportSizeMismatch(const TypeRef& expected, const TypeRef& actual,
                                  const SourceSpan& span) {
  const auto& [e0, a0] = *sizeConflict_;
  Size e = headSize(e0), a = headSize(a0);
  // A size such as `?58+?59` spelt with the names its variables stand for (`xs_len`).
  auto shown = [&](const Size& s) {
    std::string text = s.str(), out;
    for (size_t i = 0; i < text.size(); ++i) {
      size_t j = i + 1;
      while (text[i] == '?' && j < text.size() && std::isdigit(static_cast<unsigned char>(text[j])))
        ++j;
      size_t index = j > i + 1 ? std::stoul(text.substr(i + 1, j - i - 1)) : sizeVars_.size();
      if (index < sizeVars_.size() && !sizeVars_[index].display.empty()) {
        out += sizeVars_[index].display;
        i = j - 1;
      } else
        out += text[i];
    }
    return out;
  };
  // The side that is a callee's size parameter bound by an earlier argument, if any.
  const SizeVarInfo* bound = nullptr;
  Size other;
  for (const auto& [var, rest] : {std::pair{e0, a}, std::pair{a0, e}})
    if (!bound && isFlexibleSize(var) && sizeVars_[sizeIndex(var)].binding &&
        !sizeVars_[sizeIndex(var)].boundFrom.empty()) {
      bound = &sizeVars_[sizeIndex(var)];
      other = rest;
    }
  const SizeContext& c = sizeContext;
  Diagnostic* d;
  if (!c.callee.empty() && bound) {
    std::string value = headSize(*bound->binding).str();
    d = &diags_.error(span, "size mismatch in call of `" + c.callee + "`: size `" + bound->display +
                                "` is `" + value + "` (from " + bound->boundFrom + ") but `" +
                                other.str() + "` here (from " + c.argument + ")");
    d->note(bound->boundAt, "`" + bound->display + "` = `" + value + "` comes from this argument");
  } else if (!c.callee.empty()) {
    d = &diags_.error(span, "size mismatch: " + c.argument + " of `" + c.callee + "` has size `" +
                                shown(a) + "` but the parameter's type requires `" + shown(e) +
                                "`");
  } else if (c.ascription) {
    d = &diags_.error(span, "size mismatch: this value has size `" + shown(a) +
                                "` but the ascribed type requires `" + shown(e) +
                                "`; use `:>` to check the size at run time");
  } else {
    d = &diags_.error(span, "size mismatch: size `" + shown(e) + "` differs from size `" +
                                shown(a) + "` (cannot unify `" + zonk(expected)->str() +
                                "` with `" + zonk(actual)->str() + "`)");
  }
  // Two variables of one spelling: say so, the notes below show both bindings.
  bool sameSpelling =
      e.kind == Size::Kind::Var && a.kind == Size::Kind::Var && e.name == a.name && e.uid != a.uid;
  if (sameSpelling)
    d->message += "; these are two different variables named `" + e.name + "`";
  for (const Size& s : {e, a}) {
    auto it = s.kind == Size::Kind::Var ? sizeOrigins_.find(sizeKey(s)) : sizeOrigins_.end();
    if (it == sizeOrigins_.end())
      continue;
    if (it->second.span.known())
      d->note(it->second.span, "`" + s.name + "` is " + it->second.what);
    if (it->second.alsoAt.known())
      d->note(it->second.alsoAt, it->second.alsoWhat);
  }
  lastError_ = d;
}

TypeRef TypeVars::joinSizes(const TypeRef& a0, const TypeRef& b0, const SizeOrigin& origin) {
  std::map<std::pair<std::string, std::string>, Size> made; // one name per pair of sizes
  std::function<TypeRef(const TypeRef&, const TypeRef&)> join = [&](const TypeRef& a,
                                                                    const TypeRef& b) -> TypeRef {
    if (a->kind != b->kind)
      return a;
    switch (a->kind) {
    case Type::Kind::Array: {
      if (a->shape.size() != b->shape.size())
        return a;
      std::vector<Size> shape;
      for (size_t i = 0; i < a->shape.size(); ++i) {
        Size x = headSize(a->shape[i]), y = headSize(b->shape[i]);
        if (x.kind == Size::Kind::Unknown || y.kind == Size::Kind::Unknown)
          shape.push_back(Size::unknown());
        else if (x == y)
          shape.push_back(x);
        else {
          auto [it, added] = made.try_emplace({sizeKey(x), sizeKey(y)}, Size::unknown());
          if (added)
            it->second = freshExistential(origin);
          shape.push_back(it->second);
        }
      }
      return Type::array(join(a->elem, b->elem), std::move(shape), a->unique);
    }
    case Type::Kind::Tuple: {
      if (a->elems.size() != b->elems.size())
        return a;
      std::vector<TypeRef> elems;
      for (size_t i = 0; i < a->elems.size(); ++i)
        elems.push_back(join(a->elems[i], b->elems[i]));
      auto r = std::make_shared<Type>(*Type::tuple(std::move(elems)));
      r->unique = a->unique;
      return r;
    }
    case Type::Kind::Record: {
      if (a->fields.size() != b->fields.size())
        return a;
      auto fields = a->fields;
      for (size_t i = 0; i < fields.size(); ++i)
        fields[i].second = join(a->fields[i].second, b->fields[i].second);
      return Type::record(std::move(fields));
    }
    default:
      return a;
    }
  };
  return join(zonk(a0), zonk(b0));
}

TypeRef TypeVars::forgetFlexibleSizes(const TypeRef& t) const {
  return mapSizes(zonk(t), [](const Size& s) { return isFlexibleSize(s) ? Size::unknown() : s; });
}

} // namespace fjord::sema
