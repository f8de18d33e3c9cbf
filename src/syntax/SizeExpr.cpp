// Size expressions in types (`[n+1]`, `[n*m]`): sizes built from symbolic normal forms, so
// that two expressions that differ only in the order of terms or the grouping of
// arithmetic are the same size (Note [Size variables] in sema/UnifySizes.cpp).
#include "symbolic/Expr.h"
#include "syntax/Type.h"

namespace fjord {

std::string sizeVarKey(const Size& s) {
  return s.uid >= 0 ? s.name + "#" + std::to_string(s.uid) : s.name;
}

namespace {

/// The Var size that the key `k` (made by sizeVarKey) names.
Size sizeOfKey(const std::string& k) {
  size_t hash = k.rfind('#');
  if (hash == std::string::npos)
    return Size::var(k);
  return Size::bound(k.substr(0, hash), std::stoi(k.substr(hash + 1)));
}

} // namespace

Size Size::expression(const symbolic::Expr& e) {
  int64_t c = 0;
  std::string v;
  if (e.isConst(&c))
    return constant(c);
  if (e.isVar(&v))
    return sizeOfKey(v);
  Size s;
  s.kind = Kind::Expr;
  s.expr = std::make_shared<const symbolic::Expr>(e);
  return s;
}

std::optional<symbolic::Expr> Size::symbolic() const {
  switch (kind) {
  case Kind::Const:
    return symbolic::Expr(value);
  case Kind::Var:
    return symbolic::Expr::var(sizeVarKey(*this));
  case Kind::Expr:
    return *expr;
  case Kind::Unknown:
    break;
  }
  return std::nullopt;
}

Size Size::mapVars(const std::function<Size(const Size&)>& f) const {
  if (kind != Kind::Expr)
    return f(*this);
  std::map<std::string, symbolic::Expr> bindings;
  for (const std::string& k : expr->freeVars()) {
    std::optional<symbolic::Expr> to = f(sizeOfKey(k)).symbolic();
    if (!to)
      return unknown();
    bindings.emplace(k, *to);
  }
  return expression(expr->substitute(bindings));
}

std::vector<Size> Size::vars() const {
  if (kind == Kind::Var)
    return {*this};
  std::vector<Size> out;
  if (kind == Kind::Expr)
    for (const std::string& k : expr->freeVars())
      out.push_back(sizeOfKey(k));
  return out;
}

bool Size::operator==(const Size& o) const {
  if (kind != o.kind)
    return false;
  switch (kind) {
  case Kind::Const:
    return value == o.value;
  case Kind::Var:
    return name == o.name && uid == o.uid;
  case Kind::Expr:
    return *expr == *o.expr;
  case Kind::Unknown:
    return true;
  }
  return false;
}

std::string Size::str() const {
  switch (kind) {
  case Kind::Const:
    return std::to_string(value);
  case Kind::Var:
    return name;
  case Kind::Unknown:
    return "";
  case Kind::Expr: {
    // Print the spellings; keep a key where two variables share one spelling.
    std::map<std::string, symbolic::Expr> spelling;
    std::map<std::string, int> uses;
    for (const Size& v : vars())
      ++uses[v.name];
    for (const Size& v : vars())
      if (uses[v.name] == 1)
        spelling.emplace(sizeVarKey(v), symbolic::Expr::var(v.name));
    std::string text = expr->substitute(spelling).str();
    std::string out; // `n * m + 1` as Futhark prints sizes: `n*m+1`
    for (char ch : text)
      if (ch != ' ')
        out += ch;
    return out;
  }
  }
  return "";
}

} // namespace fjord
