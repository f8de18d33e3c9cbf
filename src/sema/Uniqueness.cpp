// Uniqueness and alias checking (Uniqueness.h has the rules and approximations): the
// helpers on types and patterns, the entry point, and roots, uses, consumption and binding.
#include "sema/UniquenessChecker.h"

#include <algorithm>
#include <cctype>
#include <utility>

namespace fjord::sema {

namespace uniqueness {

bool canAlias(const TypeRef& t) {
  if (!t)
    return true;
  switch (t->kind) {
  case Type::Kind::Prim:
  case Type::Kind::Function:
    return false;
  case Type::Kind::Array:
  case Type::Kind::Var:
  case Type::Kind::Acc: // an accumulator is consumed by `acc_write`, as an array by an update
    return true;
  case Type::Kind::Tuple:
    return std::any_of(t->elems.begin(), t->elems.end(), canAlias);
  case Type::Kind::Record:
    return std::any_of(t->fields.begin(), t->fields.end(),
                       [](const auto& f) { return canAlias(f.second); });
  case Type::Kind::Sum:
    for (const auto& [name, payload] : t->constructors)
      if (std::any_of(payload.begin(), payload.end(), canAlias))
        return true;
    return false;
  }
  return true;
}

bool isFunction(const TypeRef& t) { return t && t->kind == Type::Kind::Function; }

/// `*t`, or a tuple of unique components and components without arrays.
bool isUniqueTypeExp(const ast::TypeExp* te) {
  if (!te)
    return false;
  if (te->kind == ast::TypeExp::Kind::Existential && !te->args.empty())
    return isUniqueTypeExp(te->args[0].get()); // `?[d].*[d]i32`
  if (te->kind == ast::TypeExp::Kind::Unique)
    return true;
  if (te->kind != ast::TypeExp::Kind::Tuple || te->args.empty())
    return false;
  for (const auto& a : te->args)
    if (!isUniqueTypeExp(a.get()) && canAlias(a->resolved))
      return false;
  return true;
}

/// A parameter declared `(x: *t)`, or a tuple of such parameters and of components without
/// arrays: `(xs: *[n]i32, ys: *[n]bool)`, like the type `(*[n]i32, *[n]bool)`.
bool isUniqueParam(const Pattern& p) {
  if (p.kind == Pattern::Kind::Tuple && p.elems.size() == 1)
    return isUniqueParam(*p.elems[0]);
  if (p.kind == Pattern::Kind::Tuple && !p.elems.empty())
    return std::all_of(p.elems.begin(), p.elems.end(), [](const ast::PatternPtr& e) {
      return isUniqueParam(*e) || !canAlias(e->type);
    });
  // A parameter that eta-expansion added to a point-free entry point (`0eta`: a name no
  // source can spell; Checker::etaExpandEntry) is only passed on to the function, so it is
  // consumed only where that function's parameter is unique, as the entry's type says.
  if (p.kind == Pattern::Kind::Id && !p.name.base.empty() &&
      std::isdigit(static_cast<unsigned char>(p.name.base[0])))
    return true;
  return p.kind == Pattern::Kind::Ascribed && isUniqueTypeExp(p.typeExp.get());
}

/// Whether `p` declares a unique type somewhere: `(xs: *[]i32)`, `(i, xs: *[]i32)`.
bool declaresUnique(const Pattern& p) {
  if (p.kind == Pattern::Kind::Ascribed && isUniqueTypeExp(p.typeExp.get()))
    return true;
  return std::any_of(p.elems.begin(), p.elems.end(),
                     [](const ast::PatternPtr& e) { return e && declaresUnique(*e); });
}

/// The first name a pattern binds, for messages about the value it takes apart.
std::string firstName(const Pattern& p) {
  if (p.kind == Pattern::Kind::Id)
    return p.name.base;
  for (const auto& sub : p.elems)
    if (sub)
      if (std::string n = firstName(*sub); !n.empty())
        return n;
  for (const auto& [field, sub] : p.fields)
    if (sub)
      if (std::string n = firstName(*sub); !n.empty())
        return n;
  return "";
}

/// The expression giving the value of `e` after its `let`s: `(xs, ys)` in
/// `let xs[0] = 1 in (xs, ys)`.
const Expr& resultOf(const Expr& e) {
  switch (e.kind) {
  case Expr::Kind::LetIn:
  case Expr::Kind::LetFun:
  case Expr::Kind::LetWith:
    return resultOf(*e.elems[1]);
  default:
    return e;
  }
}

/// How an expression is named in messages: the variable, or "this value".
std::string describe(const Expr& e) {
  if (e.kind == Expr::Kind::Var)
    return "`" + e.name.str() + "`";
  return "this value";
}

void UniquenessChecker::decl(const ast::Decl& d) {
  if (d.kind == ast::Decl::Kind::Local && d.inner)
    return decl(*d.inner);
  if (d.kind != ast::Decl::Kind::Value || !d.body)
    return;
  // A module's value checked against its `val` specification (Note [Abstract types] in
  // Modules.h) is named as the module names it, with the type the spec gives it.
  std::string name = "`" + (d.sealing ? d.sealedName : d.name.base) + "`";
  size_t mark = diags_.all().size(), consumedBefore = consumptions_;
  function(d.params, d.retTypeExp.get(), *d.body, name, RootKind::Param, nullptr,
           GlobalResult::Forbidden);
  if (d.params.empty() && isFunction(d.body->type) && consumptions_ > consumedBefore)
    higherOrderConsumption(*d.body, "top-level constant " + name);
  if (d.sealing && diags_.all().size() > mark) { // see checkSealingDecl on the cast
    auto& error = const_cast<Diagnostic&>(diags_.all()[mark]);
    error.message = name + " does not match its `val` specification: " + error.message;
    error.note(d.sealedSpec, name + " is specified here");
  }
}

int UniquenessChecker::newRoot(std::string name, SourceSpan span, RootKind kind) {
  roots_.push_back(Root{std::move(name), std::move(span), kind, depth_});
  return static_cast<int>(roots_.size()) - 1;
}

void UniquenessChecker::use(const ast::Name& n, const SourceSpan& span) {
  auto it = vars_.find(n.uid);
  if (it != vars_.end())
    useAlias(n.str(), it->second, span);
}

void UniquenessChecker::useAlias(const std::string& name, const Alias& a,
                                 const SourceSpan& span) {
  for (int r : a.flat().roots)
    if (roots_[r].depth < barrier_) {
      captured_.insert(r);
      outerUses_.emplace(r, span);
    }
  for (int r : a.flat().roots) {
    auto c = consumed_.find(r);
    if (c == consumed_.end())
      continue;
    diags_.error(span, "`" + name + "` is used here after being consumed")
        .note(c->second.span, c->second.name + " was consumed here");
    return;
  }
}

void UniquenessChecker::consume(const Alias& a, const SourceSpan& span, const std::string& what) {
  ++consumptions_;
  for (int r : a.flat().roots) {
    const Root& root = roots_[r];
    if (root.kind == RootKind::Param) {
      std::string which = what == "`" + root.name + "`"
                              ? "the non-unique parameter " + what
                              : what + ", which aliases the non-unique parameter `" +
                                    root.name + "`";
      diags_.error(span, "cannot consume " + which)
          .note(root.span, "`" + root.name +
                               "` is declared here; give it a unique type `*t` to consume it");
      return;
    }
    if (root.kind == RootKind::NonUniqueLoopParam) {
      std::string which =
          what == "`" + root.name + "`" ? what : what + ", which aliases `" + root.name + "`";
      diags_.error(span, "cannot consume " + which + ": the loop parameter `" + root.name +
                             "` has a non-unique type, so it is not consumable")
          .note(root.span, "`" + root.name +
                               "` is declared here; give it a unique type `*t` to consume it");
      return;
    }
    if (root.kind == RootKind::Constant) {
      diags_.error(span, what == "`" + root.name + "`"
                             ? "cannot consume the top-level constant " + what
                             : "cannot consume " + what +
                                   ", which aliases the top-level constant `" + root.name + "`");
      return;
    }
    if (root.depth < barrier_) {
      diags_.error(span, std::string(barrierIsLoop_ ? "this loop body" : "this function") +
                             " consumes " + what + ", which is bound outside it; " +
                             (barrierIsLoop_ ? "a loop may consume only its own parameters"
                                             : "a function may consume only its own parameters"))
          .note(root.span, "`" + root.name + "` is bound here");
      return;
    }
    auto [it, fresh] = consumed_.emplace(r, Consumption{span, what});
    if (!fresh) {
      diags_.error(span, what + " is consumed here, but it was already consumed")
          .note(it->second.span, it->second.name + " was consumed here");
      return;
    }
  }
}

// --- binding

/// Binds the names of `p` to parts of a value with alias set `a`; a fresh value gets a
/// new root of kind `freshKind` per name.
void UniquenessChecker::bind(const Pattern& p, const Alias& a, RootKind freshKind) {
  switch (p.kind) {
  case Pattern::Kind::Id: {
    if (isFunction(p.type)) { // a closure: aliases what it captured
      vars_[p.name.uid] = a.flat();
      return;
    }
    // Futhark: the components of a consuming tuple parameter have no internal aliases,
    // so each is a root of its own (`f p.0 p.1` consumes one and reads the other).
    if (freshKind == RootKind::UniqueParam && p.type && p.type->kind == Type::Kind::Tuple &&
        a.roots.empty() && a.parts.empty()) {
      Alias parts;
      for (size_t i = 0; i < p.type->elems.size(); ++i) {
        Alias part;
        if (canAlias(p.type->elems[i]))
          part.roots.insert(newRoot(p.name.base + "." + std::to_string(i), p.name.span,
                                    freshKind));
        parts.parts.push_back(std::move(part));
      }
      vars_[p.name.uid] = std::move(parts);
      return;
    }
    Alias bound = canAlias(p.type) ? a.flat() : Alias{};
    if (bound.fresh || (canAlias(p.type) && freshKind != RootKind::Fresh))
      bound.roots.insert(newRoot(p.name.base, p.name.span, freshKind));
    bound.fresh = false;
    vars_[p.name.uid] = std::move(bound);
    return;
  }
  case Pattern::Kind::Tuple: {
    if (a.parts.size() == p.elems.size()) {
      for (size_t i = 0; i < p.elems.size(); ++i)
        bind(*p.elems[i], a.parts[i], freshKind);
      return;
    }
    // The components of one function's result may share storage (`(xs, xs)`): they get
    // one root, so consuming one of them consumes the others.
    Alias whole = a.flat();
    if (whole.fresh && p.elems.size() > 1) {
      whole.fresh = false;
      whole.roots.insert(newRoot(firstName(p), p.span, freshKind));
    }
    for (const auto& sub : p.elems)
      bind(*sub, whole, freshKind);
    return;
  }
  case Pattern::Kind::Record:
    for (const auto& [name, sub] : p.fields)
      if (sub)
        bind(*sub, a, freshKind);
    return;
  case Pattern::Kind::Ascribed:
  case Pattern::Kind::Constructor:
    for (const auto& sub : p.elems)
      bind(*sub, a, freshKind);
    return;
  case Pattern::Kind::Wildcard:
  case Pattern::Kind::Literal:
    return;
  }
}

} // namespace uniqueness

void checkUniqueness(const CheckedProgram& prog, const ast::Program& file,
                     DiagnosticEngine& diags) {
  uniqueness::UniquenessChecker checker(prog, diags);
  for (const auto& d : file.decls)
    checker.decl(*d);
}

} // namespace fjord::sema
