// Futhark's restrictions that need the final types, checked after inference on the user's
// files: integer literals that do not fit the type inference gave them (`x + 300` with
// `x: u8`), and the places where a function value may not go (Futhark's "not first-order"
// rules: an array of functions, an `if` or `match` returning a function or a value of a
// lifted type parameter `'^a`, a loop parameter holding one; function values in tuples and
// records stay allowed); names bound twice by one pattern or parameter list.
#include "sema/Checker.h"
#include "syntax/Literals.h"

#include <map>
#include <set>

namespace fjord::sema {

using ast::Expr;
using ast::Pattern;

namespace {

using Lifted = std::map<std::string, std::string>;

/// Whether `t` is or holds a function, or an abstract type of `lifted` (with its liftedness).
bool holdsLifted(const Type& t, const Lifted& lifted) {
  if (t.kind == Type::Kind::Var)
    return lifted.count(t.name) > 0;
  if (containsFunction(t))
    return true;
  switch (t.kind) {
  case Type::Kind::Array:
  case Type::Kind::Acc:
    return holdsLifted(*t.elem, lifted);
  case Type::Kind::Tuple:
    return std::any_of(t.elems.begin(), t.elems.end(),
                       [&](const TypeRef& e) { return holdsLifted(*e, lifted); });
  case Type::Kind::Record:
    return std::any_of(t.fields.begin(), t.fields.end(),
                       [&](const auto& f) { return holdsLifted(*f.second, lifted); });
  case Type::Kind::Sum:
    for (const auto& [name, payload] : t.constructors)
      for (const TypeRef& p : payload)
        if (holdsLifted(*p, lifted))
          return true;
    return false;
  default:
    return false;
  }
}

/// The element type of an array inside `t` whose elements are or hold functions (or lifted
/// abstract types), if any.
const Type* functionalArrayElem(const Type& t, const Lifted& lifted) {
  switch (t.kind) {
  case Type::Kind::Array:
    return holdsLifted(*t.elem, lifted) ? t.elem.get() : functionalArrayElem(*t.elem, lifted);
  case Type::Kind::Tuple:
    for (const TypeRef& e : t.elems)
      if (const Type* f = functionalArrayElem(*e, lifted))
        return f;
    return nullptr;
  case Type::Kind::Record:
    for (const auto& f : t.fields)
      if (const Type* inner = functionalArrayElem(*f.second, lifted))
        return inner;
    return nullptr;
  case Type::Kind::Sum:
    for (const auto& c : t.constructors)
      for (const TypeRef& p : c.second)
        if (const Type* f = functionalArrayElem(*p, lifted))
          return f;
    return nullptr;
  case Type::Kind::Function:
    if (const Type* f = functionalArrayElem(*t.param, lifted))
      return f;
    return functionalArrayElem(*t.result, lifted);
  default:
    return nullptr;
  }
}

/// A lifted type parameter (`'^a`, which may be a function) named by `t`, if any.
const Type* liftedParamIn(const Type& t, const std::set<std::string>& lifted) {
  switch (t.kind) {
  case Type::Kind::Var:
    return lifted.count(t.name) ? &t : nullptr;
  case Type::Kind::Tuple:
    for (const TypeRef& e : t.elems)
      if (const Type* v = liftedParamIn(*e, lifted))
        return v;
    return nullptr;
  case Type::Kind::Record:
    for (const auto& f : t.fields)
      if (const Type* v = liftedParamIn(*f.second, lifted))
        return v;
    return nullptr;
  default:
    return nullptr;
  }
}

class RestrictionWalker {
public:
  RestrictionWalker(DiagnosticEngine& diags, const Lifted& lifted)
      : diags_(diags), lifted_(lifted) {}

  void decl(const ast::Decl& d) {
    if (d.kind == ast::Decl::Kind::Local && d.inner)
      return decl(*d.inner);
    if (d.kind != ast::Decl::Kind::Value || !d.body)
      return;
    reported_ = false;
    liftedParams_.clear();
    for (const ast::TypeParam& tp : d.typeParams)
      if (tp.kind == ast::TypeParam::Kind::Lifted)
        liftedParams_.insert(tp.name);
    distinctNames(d.params);
    for (const auto& p : d.params)
      pattern(*p);
    expr(*d.body, false);
  }

private:
  void expr(const Expr& e, bool negated) {
    check(e, negated);
    for (const auto& sub : e.elems)
      if (sub)
        expr(*sub, e.kind == Expr::Kind::Negate);
    for (const auto& [name, sub] : e.fields)
      if (sub)
        expr(*sub, false);
    for (const ast::DimIndex& ix : e.indices)
      for (const ast::ExprPtr* sub : {&ix.index, &ix.start, &ix.end, &ix.stride})
        if (*sub)
          expr(**sub, false);
    distinctNames(e.params);
    for (const auto& p : e.params)
      pattern(*p);
    if (e.pattern) {
      distinctNames(e.pattern);
      pattern(*e.pattern);
    }
    if (e.loopForm.bound)
      expr(*e.loopForm.bound, false);
    if (e.loopForm.element)
      pattern(*e.loopForm.element);
    for (const ast::MatchCase& c : e.cases) {
      if (c.pattern) {
        distinctNames(c.pattern);
        pattern(*c.pattern);
      }
      if (c.body)
        expr(*c.body, false);
    }
  }

  /// `let (a, a) = ...`, `def f x x = ...`: a name is bound at most once by one pattern
  /// or parameter list.
  void distinctNames(const std::vector<ast::PatternPtr>& patterns) {
    std::map<std::string, SourceSpan> seen;
    for (const auto& p : patterns)
      if (!collectNames(*p, seen))
        return;
  }
  void distinctNames(const ast::PatternPtr& p) {
    std::map<std::string, SourceSpan> seen;
    collectNames(*p, seen);
  }
  bool collectNames(const Pattern& p, std::map<std::string, SourceSpan>& seen) {
    if (p.kind == Pattern::Kind::Id) {
      auto [it, added] = seen.emplace(p.name.base, p.name.span);
      if (!added) {
        diags_.error(p.name.span, "`" + p.name.base + "` is bound twice in the same pattern")
            .note(it->second, "`" + p.name.base + "` is also bound here");
        return false;
      }
      return true;
    }
    for (const auto& sub : p.elems)
      if (sub && !collectNames(*sub, seen))
        return false;
    for (const auto& [name, sub] : p.fields)
      if (sub && !collectNames(*sub, seen))
        return false;
    return true;
  }

  void pattern(const Pattern& p) {
    if (p.type && !reported_ && !arrayOfFunctions(*p.type, p.span))
      return;
    for (const auto& sub : p.elems)
      if (sub)
        pattern(*sub);
    for (const auto& [name, sub] : p.fields)
      if (sub)
        pattern(*sub);
    if (p.literal)
      literal(*p.literal, p.literal->text.rfind('-', 0) == 0);
  }

  void check(const Expr& e, bool negated) {
    if (e.kind == Expr::Kind::IntLit)
      literal(e, negated);
    if (!e.type)
      return;
    // One report per declaration: the outermost offender; its parts would repeat it.
    if (reported_)
      return;
    if (!arrayOfFunctions(*e.type, e.span))
      return;
    const char* what = e.kind == Expr::Kind::If      ? "an `if`"
                       : e.kind == Expr::Kind::Match ? "a `match`"
                                                     : nullptr;
    if (what && containsFunction(*e.type))
      report(e.span, std::string(what) + " may not return a function: its type `" +
                         e.type->str() + "` is functional (not first-order)");
    else if (const Type* v = what ? liftedParamIn(*e.type, liftedParams_) : nullptr)
      report(e.span, std::string(what) + " may not return a value of the lifted type `" +
                         v->str() + "`: it may be functional (not first-order)");
    if (e.kind == Expr::Kind::Loop && e.pattern && e.pattern->type &&
        containsFunction(*e.pattern->type))
      report(e.pattern->span, "a loop parameter may not be a function: its type `" +
                                  e.pattern->type->str() + "` is functional (not first-order)");
  }

  /// Reports `t` if it holds an array of functions; returns whether it does not.
  bool arrayOfFunctions(const Type& t, const SourceSpan& span) {
    const Type* elem = functionalArrayElem(t, lifted_);
    if (!elem)
      return true;
    auto it = elem->kind == Type::Kind::Var ? lifted_.find(elem->name) : lifted_.end();
    if (it == lifted_.end())
      report(span, "arrays of functions are not allowed: the element type `" + elem->str() +
                       "` is functional (not first-order)");
    else if (it->second == "^")
      report(span, "arrays of `" + elem->str() + "` are not allowed: it is a lifted abstract "
                   "type (`type^`), which might contain functions");
    else
      report(span, "arrays of `" + elem->str() + "` are not allowed: it is a size-lifted "
                   "abstract type (`type~`), whose values may differ in size");
    return false;
  }

  void literal(const Expr& e, bool negated) {
    if (e.kind != Expr::Kind::IntLit || e.literalType || !e.type ||
        e.type->kind != Type::Kind::Prim || !isInteger(e.type->prim))
      return; // a suffixed literal wraps around (syntax/BuildExpr.cpp)
    uint64_t magnitude = e.text.rfind('-', 0) == 0 ? ~e.intValue + 1 : e.intValue;
    if (magnitude == 0 || syntax::intFits(magnitude, e.type->prim, negated))
      return;
    std::string shown = (negated && e.text.rfind('-', 0) != 0 ? "-" : "") + e.text;
    diags_.error(e.span, "integer literal `" + shown + "` is out of range for " +
                             primName(e.type->prim) + ", the type inferred for it");
  }

  void report(const SourceSpan& span, const std::string& message) {
    diags_.error(span, message);
    reported_ = true;
  }

  DiagnosticEngine& diags_;
  const Lifted& lifted_;
  bool reported_ = false; ///< a function-value error in this declaration
  std::set<std::string> liftedParams_; ///< the declaration's lifted type parameters `'^a`
};

} // namespace

void checkRestrictions(const ast::Program& prog, DiagnosticEngine& diags,
                       const Lifted& liftedAbstract) {
  RestrictionWalker w(diags, liftedAbstract);
  for (const auto& d : prog.decls)
    w.decl(*d);
  for (const auto& d : prog.checkedOnly) // a functor's body, as its parameters' types allow
    w.decl(*d);
}

} // namespace fjord::sema
