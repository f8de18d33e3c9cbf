// Exhaustiveness of `match` (Note [Match exhaustiveness]): a `match` whose cases leave some
// value of the scrutinee's type unmatched is an error that names an example of such a value;
// a case that no value reaches (earlier cases match everything it matches) is a warning.
#include "sema/Checker.h"

#include <memory>
#include <set>
#include <string>
#include <vector>

namespace fjord::sema {

// Note [Match exhaustiveness]
// The classic pattern-matrix algorithm (Maranget, "Warnings for pattern matching", 2007).
// Patterns are reduced to wildcards and constructors: a tuple or record is the single
// constructor of its type (fields in the type's order), `#c p1 p2` a constructor of its sum
// type, `true`/`false` the two constructors of bool, and any other literal one of infinitely
// many constructors of its type (so only a wildcard completes a column of literals).
// `witness` finds a row of values that no row of the matrix matches; `useful` tells whether a
// case matches a value that no earlier case matches.

namespace {

using ast::Expr;
using ast::Pattern;

struct Pat;
using PatRef = std::shared_ptr<const Pat>;

/// A pattern reduced to a wildcard or a constructor applied to sub-patterns.
struct Pat {
  bool wild = true;
  std::string ctor;          ///< constructor key: "#name", "true", a literal's value, "()"
  std::string shown;         ///< how a witness shows it: "#none", "1", "" (tuples/records)
  std::vector<PatRef> args;  ///< one per component of the constructor, in the type's order
};

PatRef wildcard() {
  static const PatRef w = std::make_shared<Pat>();
  return w;
}

PatRef constructor(std::string ctor, std::string shown, std::vector<PatRef> args) {
  auto p = std::make_shared<Pat>();
  p->wild = false;
  p->ctor = std::move(ctor);
  p->shown = std::move(shown);
  p->args = std::move(args);
  return p;
}

using Row = std::vector<PatRef>;
using Matrix = std::vector<Row>;

/// The components of a constructor of `t`: tuple elements, record fields (sorted), a sum
/// constructor's payload; none for bool and literals.
std::vector<TypeRef> componentTypes(const TypeRef& t, const std::string& ctor) {
  if (!t)
    return {};
  switch (t->kind) {
  case Type::Kind::Tuple:
    return t->elems;
  case Type::Kind::Record: {
    std::vector<TypeRef> out;
    for (const auto& f : t->fields)
      out.push_back(f.second);
    return out;
  }
  case Type::Kind::Sum:
    for (const auto& [name, payload] : t->constructors)
      if ("#" + name == ctor)
        return payload;
    return {};
  default:
    return {};
  }
}

/// The constructors of a type with finitely many, as keys; nullopt for literal types
/// (infinitely many, for this purpose) and types matched only by wildcards.
std::optional<std::vector<std::string>> allConstructors(const TypeRef& t) {
  if (!t)
    return std::nullopt;
  switch (t->kind) {
  case Type::Kind::Tuple:
  case Type::Kind::Record:
    return std::vector<std::string>{"()"};
  case Type::Kind::Sum: {
    std::vector<std::string> out;
    for (const auto& c : t->constructors)
      out.push_back("#" + c.first);
    return out;
  }
  case Type::Kind::Prim:
    if (t->prim == PrimType::Bool)
      return std::vector<std::string>{"false", "true"};
    return std::nullopt;
  default:
    return std::nullopt;
  }
}

std::string literalKey(const Expr& lit) {
  switch (lit.kind) {
  case Expr::Kind::BoolLit:
    return lit.boolValue ? "true" : "false";
  case Expr::Kind::FloatLit:
    return "f" + std::to_string(lit.floatValue);
  default:
    return "i" + std::to_string(lit.intValue);
  }
}

/// Reduces a source pattern of type `t`.
PatRef reduce(const Pattern& p, const TypeRef& t) {
  switch (p.kind) {
  case Pattern::Kind::Id:
  case Pattern::Kind::Wildcard:
    return wildcard();
  case Pattern::Kind::Ascribed:
    return reduce(*p.elems[0], t);
  case Pattern::Kind::Tuple: {
    if (p.elems.size() == 1)
      return reduce(*p.elems[0], t);
    std::vector<TypeRef> types = componentTypes(t, "()");
    std::vector<PatRef> args;
    for (size_t i = 0; i < p.elems.size(); ++i)
      args.push_back(reduce(*p.elems[i], i < types.size() ? types[i] : nullptr));
    return constructor("()", "", std::move(args));
  }
  case Pattern::Kind::Record: {
    // Fields the pattern does not mention (or binds by name only) match anything.
    std::vector<PatRef> args;
    if (t && t->kind == Type::Kind::Record)
      for (const auto& [name, ft] : t->fields) {
        PatRef arg = wildcard();
        for (const auto& [pname, sub] : p.fields)
          if (pname == name && sub)
            arg = reduce(*sub, ft);
        args.push_back(arg);
      }
    return constructor("()", "", std::move(args));
  }
  case Pattern::Kind::Literal: {
    const Expr& lit = *p.literal;
    std::string shown = lit.kind == Expr::Kind::BoolLit ? (lit.boolValue ? "true" : "false")
                                                        : lit.text;
    return constructor(literalKey(lit), shown, {});
  }
  case Pattern::Kind::Constructor: {
    std::string key = "#" + p.name.base;
    std::vector<TypeRef> types = componentTypes(t, key);
    std::vector<PatRef> args;
    for (size_t i = 0; i < p.elems.size(); ++i)
      args.push_back(reduce(*p.elems[i], i < types.size() ? types[i] : nullptr));
    return constructor(key, key, std::move(args));
  }
  }
  return wildcard();
}

/// The rows of `m` whose first pattern matches constructor `ctor` of arity `arity`, with
/// that pattern replaced by its components.
Matrix specialise(const Matrix& m, const std::string& ctor, size_t arity) {
  Matrix out;
  for (const Row& r : m) {
    Row next;
    if (r[0]->wild)
      next.assign(arity, wildcard());
    else if (r[0]->ctor == ctor)
      next = r[0]->args;
    else
      continue;
    next.resize(arity, wildcard());
    next.insert(next.end(), r.begin() + 1, r.end());
    out.push_back(std::move(next));
  }
  return out;
}

/// The rows of `m` whose first pattern is a wildcard, without it.
Matrix defaults(const Matrix& m) {
  Matrix out;
  for (const Row& r : m)
    if (r[0]->wild)
      out.emplace_back(r.begin() + 1, r.end());
  return out;
}

std::set<std::string> headConstructors(const Matrix& m) {
  std::set<std::string> out;
  for (const Row& r : m)
    if (!r[0]->wild)
      out.insert(r[0]->ctor);
  return out;
}

/// The arity a constructor has in column type `t` (from the type; literal and bool: 0).
size_t arityOf(const TypeRef& t, const std::string& ctor) { return componentTypes(t, ctor).size(); }

/// Whether every constructor of `t` heads some row (the column's signature is complete).
bool complete(const TypeRef& t, const std::set<std::string>& heads) {
  auto all = allConstructors(t);
  if (!all)
    return false;
  for (const std::string& c : *all)
    if (!heads.count(c))
      return false;
  return true;
}

std::vector<TypeRef> withComponents(const TypeRef& t, const std::string& ctor,
                                    const std::vector<TypeRef>& rest) {
  std::vector<TypeRef> out = componentTypes(t, ctor);
  out.insert(out.end(), rest.begin() + 1, rest.end());
  return out;
}

/// A row of values (as patterns) that no row of `m` matches; nullopt if `m` is exhaustive.
std::optional<Row> witness(const Matrix& m, const std::vector<TypeRef>& types) {
  if (types.empty())
    return m.empty() ? std::optional<Row>(Row{}) : std::nullopt;
  const TypeRef& t = types[0];
  std::set<std::string> heads = headConstructors(m);
  auto rebuild = [&](const std::string& ctor, const Row& w) {
    size_t arity = arityOf(t, ctor);
    std::string shown = ctor == "()" ? "" : ctor;
    Row out{constructor(ctor, shown, Row(w.begin(), w.begin() + arity))};
    out.insert(out.end(), w.begin() + arity, w.end());
    return out;
  };
  if (complete(t, heads)) {
    std::vector<std::string> all = *allConstructors(t);
    for (const std::string& c : all)
      if (auto w = witness(specialise(m, c, arityOf(t, c)), withComponents(t, c, types)))
        return rebuild(c, *w);
    return std::nullopt;
  }
  std::vector<TypeRef> rest(types.begin() + 1, types.end());
  auto w = witness(defaults(m), rest);
  if (!w)
    return std::nullopt;
  // Name a missing constructor where the type has finitely many; a literal column is
  // completed only by a wildcard, so `_` is the example there.
  if (auto all = allConstructors(t); all && !heads.empty())
    for (const std::string& c : *all)
      if (!heads.count(c)) {
        Row full(arityOf(t, c), wildcard());
        full.insert(full.end(), w->begin(), w->end());
        return rebuild(c, full);
      }
  Row out{wildcard()};
  out.insert(out.end(), w->begin(), w->end());
  return out;
}

/// Whether some value matched by `q` is matched by no row of `m`.
bool useful(const Matrix& m, const Row& q, const std::vector<TypeRef>& types) {
  if (q.empty())
    return m.empty();
  const TypeRef& t = types.empty() ? nullptr : types[0];
  std::vector<TypeRef> rest(types.empty() ? types.begin() : types.begin() + 1, types.end());
  auto specialised = [&](const std::string& c) {
    size_t arity = arityOf(t, c);
    Matrix qm = specialise({q}, c, arity);
    return useful(specialise(m, c, arity), qm[0], withComponents(t, c, types));
  };
  if (!q[0]->wild)
    return specialised(q[0]->ctor);
  std::set<std::string> heads = headConstructors(m);
  if (complete(t, heads)) {
    std::vector<std::string> all = *allConstructors(t);
    for (const std::string& c : all)
      if (specialised(c))
        return true;
    return false;
  }
  return useful(defaults(m), Row(q.begin() + 1, q.end()), rest);
}

/// Shows a witness of type `t` in source syntax (the type names the fields of records).
struct Shower {
  std::string operator()(const PatRef& p, const TypeRef& t, bool nested) const {
    if (p->wild)
      return "_";
    if (p->ctor == "()") {
      std::vector<TypeRef> types = componentTypes(t, "()");
      std::string out = t && t->kind == Type::Kind::Record ? "{" : "(";
      for (size_t i = 0; i < p->args.size(); ++i) {
        out += i ? ", " : "";
        if (t && t->kind == Type::Kind::Record && i < t->fields.size())
          out += t->fields[i].first + " = ";
        out += (*this)(p->args[i], i < types.size() ? types[i] : nullptr, false);
      }
      return out + (t && t->kind == Type::Kind::Record ? "}" : ")");
    }
    std::string out = p->shown;
    std::vector<TypeRef> types = componentTypes(t, p->ctor);
    for (size_t i = 0; i < p->args.size(); ++i)
      out += " " + (*this)(p->args[i], i < types.size() ? types[i] : nullptr, true);
    return nested && !p->args.empty() ? "(" + out + ")" : out;
  }
};

/// Walks every expression of a declaration and checks each `match`.
class Walker {
public:
  explicit Walker(DiagnosticEngine& diags) : diags_(diags) {}

  void decl(const ast::Decl& d) {
    if (d.body)
      expr(*d.body);
    if (d.inner)
      decl(*d.inner);
  }

  void expr(const Expr& e) {
    for (const auto& sub : e.elems)
      if (sub)
        expr(*sub);
    for (const auto& [name, sub] : e.fields)
      if (sub)
        expr(*sub);
    for (const ast::DimIndex& ix : e.indices)
      for (const ast::ExprPtr* sub : {&ix.index, &ix.start, &ix.end, &ix.stride})
        if (*sub)
          expr(**sub);
    if (e.loopForm.bound)
      expr(*e.loopForm.bound);
    for (const ast::MatchCase& c : e.cases)
      if (c.body)
        expr(*c.body);
    if (e.kind == Expr::Kind::Match)
      match(e);
  }

private:
  void match(const Expr& e) {
    TypeRef t = e.elems[0]->type;
    std::vector<TypeRef> types{t};
    Matrix m;
    for (const ast::MatchCase& c : e.cases) {
      Row row{reduce(*c.pattern, t)};
      if (!useful(m, row, types))
        diags_.warning(c.pattern->span, "unreachable case: the cases before it match every "
                                        "value this one matches");
      m.push_back(std::move(row));
    }
    if (auto w = witness(m, types))
      diags_.error(e.span, "unmatched cases in `match`: no case matches, for example, `" +
                               Shower{}((*w)[0], t, false) + "`");
  }

  DiagnosticEngine& diags_;
};

} // namespace

void checkExhaustive(const ast::Program& prog, DiagnosticEngine& diags) {
  Walker w(diags);
  for (const auto& d : prog.decls)
    w.decl(*d);
}

} // namespace fjord::sema
