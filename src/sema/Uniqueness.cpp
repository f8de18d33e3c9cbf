// Uniqueness and alias checking; see Uniqueness.h for the rules and approximations.
#include "sema/Uniqueness.h"

#include "sema/Builtins.h"

#include <algorithm>
#include <cctype>
#include <map>
#include <set>
#include <utility>

namespace fjord::sema {

using ast::Expr;
using ast::Pattern;

namespace {

/// What an alias root is: where the storage it names came from.
enum class RootKind {
  Fresh,          ///< a newly built array bound to a name (consumable)
  UniqueParam,    ///< a parameter of unique type `*t` (consumable)
  Param,          ///< a non-unique parameter of a named function (not consumable)
  LambdaParam,    ///< a parameter of an anonymous function (consumable)
  LoopParam,      ///< a loop parameter (consumable; consuming it consumes the initial value)
  Constant,       ///< a top-level constant (not consumable)
};

struct Root {
  std::string name;
  SourceSpan span;
  RootKind kind;
  int depth; ///< the function/loop nesting depth where it was bound
};

/// The alias set of a value: roots it may share storage with, whether part of it is newly
/// built, and per-component alias sets where the value is a literal tuple.
struct Alias {
  std::set<int> roots;
  bool fresh = false;
  std::vector<Alias> parts;
  /// For a function value: the top-level constants its result aliases (a closure returning
  /// a global array carries that alias out of the function that built it).
  std::set<int> returns;

  static Alias freshValue() {
    Alias a;
    a.fresh = true;
    return a;
  }
  /// Roots and freshness of the whole value, components included.
  Alias flat() const {
    Alias out{roots, fresh, {}, returns};
    for (const Alias& p : parts)
      out.add(p);
    return out;
  }
  void add(const Alias& other) {
    Alias f = other.flat();
    roots.insert(f.roots.begin(), f.roots.end());
    returns.insert(f.returns.begin(), f.returns.end());
    fresh = fresh || f.fresh;
  }
};

struct Consumption {
  SourceSpan span;
  std::string name; ///< what was consumed, as written ("xs", "the array")
};

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

class UniquenessChecker {
public:
  UniquenessChecker(const CheckedProgram& prog, DiagnosticEngine& diags)
      : prog_(prog), diags_(diags) {}

  void decl(const ast::Decl& d) {
    if (d.kind == ast::Decl::Kind::Local && d.inner)
      return decl(*d.inner);
    if (d.kind != ast::Decl::Kind::Value || !d.body)
      return;
    // A module's value checked against its `val` specification (Note [Abstract types] in
    // Modules.h) is named as the module names it, with the type the spec gives it.
    std::string name = "`" + (d.sealing ? d.sealedName : d.name.base) + "`";
    size_t mark = diags_.all().size();
    function(d.params, d.retTypeExp.get(), *d.body, name, RootKind::Param, nullptr,
             GlobalResult::NotFromClosures);
    if (d.sealing && diags_.all().size() > mark) { // see checkSealingDecl on the cast
      auto& error = const_cast<Diagnostic&>(diags_.all()[mark]);
      error.message = name + " does not match its `val` specification: " + error.message;
      error.note(d.sealedSpec, name + " is specified here");
    }
  }

private:
  // --- roots, uses and consumption

  int newRoot(std::string name, SourceSpan span, RootKind kind) {
    roots_.push_back(Root{std::move(name), std::move(span), kind, depth_});
    return static_cast<int>(roots_.size()) - 1;
  }

  void use(const ast::Name& n, const SourceSpan& span) {
    auto it = vars_.find(n.uid);
    if (it == vars_.end())
      return;
    for (int r : it->second.flat().roots)
      if (roots_[r].depth < barrier_) {
        captured_.insert(r);
        outerUses_.emplace(r, span);
      }
    for (int r : it->second.flat().roots) {
      auto c = consumed_.find(r);
      if (c == consumed_.end())
        continue;
      diags_.error(span, "`" + n.str() + "` is used here after being consumed")
          .note(c->second.span, c->second.name + " was consumed here");
      return;
    }
  }

  void consume(const Alias& a, const SourceSpan& span, const std::string& what) {
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
  void bind(const Pattern& p, const Alias& a, RootKind freshKind) {
    switch (p.kind) {
    case Pattern::Kind::Id: {
      if (isFunction(p.type)) { // a closure: aliases what it captured
        vars_[p.name.uid] = a.flat();
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

  // --- functions and loops

  struct Barrier {
    int barrier;
    bool isLoop;
  };
  Barrier enterBody(bool isLoop) {
    Barrier saved{barrier_, barrierIsLoop_};
    barrier_ = ++depth_;
    barrierIsLoop_ = isLoop;
    return saved;
  }
  void leaveBody(Barrier saved) {
    --depth_;
    barrier_ = saved.barrier;
    barrierIsLoop_ = saved.isLoop;
  }

  /// Whether a function with parameters may return an alias of a top-level constant:
  /// a local function may not (Futhark: "aliases the free variable"), nor may a top-level
  /// function return a closure whose result does; lambdas are not checked.
  enum class GlobalResult { Allowed, NotFromClosures, Forbidden };

  /// Checks a function body; returns whether it consumes one of its parameters. `captured`
  /// receives the roots of the variables from outside that the body uses (a closure
  /// aliases them).
  bool function(const std::vector<ast::PatternPtr>& params, const ast::TypeExp* ret,
                const Expr& body, const std::string& name, RootKind plainParam,
                Alias* captured = nullptr, GlobalResult globalResult = GlobalResult::Allowed) {
    std::set<int> outerCaptured = std::move(captured_);
    captured_.clear();
    Barrier saved = enterBody(/*isLoop=*/false);
    size_t firstRoot = roots_.size();
    for (const auto& p : params)
      bind(*p, Alias{}, isUniqueParam(*p) ? RootKind::UniqueParam : plainParam);
    size_t paramRoots = roots_.size();
    Alias result = expr(body);
    if (isUniqueTypeExp(ret))
      for (int r : result.flat().roots)
        if (roots_[r].kind == RootKind::Param) {
          diags_.error(body.span, "the unique return value of " + name +
                                      " aliases the non-unique parameter `" + roots_[r].name + "`")
              .note(roots_[r].span, "`" + roots_[r].name + "` is declared here");
          break;
        }
    uniqueComponentsDistinct(ret, result, body.span, name);
    std::set<int> globals = aliasedGlobals(result, body, /*direct=*/true);
    std::set<int> reported = globalResult == GlobalResult::Forbidden ? globals
                             : globalResult == GlobalResult::NotFromClosures
                                 ? aliasedGlobals(result, body, /*direct=*/false)
                                 : std::set<int>{};
    if (!params.empty() && !reported.empty())
      diags_.error(body.span, "the result of " + name + " aliases the free variable `" +
                                  roots_[*reported.begin()].name +
                                  "`; use `copy` to break the aliasing")
          .note(roots_[*reported.begin()].span, "`" + roots_[*reported.begin()].name +
                                                    "` is defined here");
    leaveBody(saved);
    for (int r : captured_)
      if (roots_[r].depth < barrier_)
        outerCaptured.insert(r); // also captured by the enclosing function
    if (captured) {
      captured->roots = captured_;
      captured->returns = std::move(globals);
    }
    captured_ = std::move(outerCaptured);
    return consumesAny(firstRoot, paramRoots);
  }

  /// The top-level constants that the value of `body` aliases through closures: those a
  /// function value's result shares, or those a value got from calling such a function;
  /// with `direct`, also those the arrays of a value share. A function with parameters may
  /// not return them (Futhark: the result of a call aliases at most its arguments).
  std::set<int> aliasedGlobals(const Alias& result, const Expr& body, bool direct) const {
    Alias f = result.flat();
    std::set<int> candidates = f.returns;
    if (direct && !isFunction(body.type))
      candidates.insert(f.roots.begin(), f.roots.end());
    std::set<int> out;
    for (int r : candidates)
      if (roots_[r].kind == RootKind::Constant)
        out.insert(r);
    return out;
  }

  /// `x : *[]i32`: an ascription may give a unique type only to a value that may be
  /// consumed, not to one that aliases a non-unique parameter.
  void uniqueAscription(const Expr& e, const Alias& value) {
    if (!isUniqueTypeExp(e.typeExp.get()))
      return;
    for (int r : value.flat().roots)
      if (roots_[r].kind == RootKind::Param) {
        const TypeRef& t = e.typeExp->resolved;
        diags_.error(e.span, "this value is ascribed the unique type `" +
                                 (t ? t->str() : std::string("*t")) +
                                 "`, but it aliases the non-unique parameter `" +
                                 roots_[r].name + "`")
            .note(roots_[r].span, "`" + roots_[r].name + "` is declared here");
        return;
      }
  }

  /// `(*[]t, *[]t)` returned as `(a, a)`: unique components must not share storage.
  void uniqueComponentsDistinct(const ast::TypeExp* ret, const Alias& result,
                                const SourceSpan& span, const std::string& name) {
    if (!ret || ret->kind != ast::TypeExp::Kind::Tuple || ret->args.size() != result.parts.size())
      return;
    for (size_t i = 0; i < result.parts.size(); ++i)
      for (size_t j = i + 1; j < result.parts.size(); ++j) {
        if (!isUniqueTypeExp(ret->args[i].get()) || !isUniqueTypeExp(ret->args[j].get()))
          continue;
        Alias a = result.parts[i].flat(), b = result.parts[j].flat();
        for (int r : a.roots)
          if (b.roots.count(r)) {
            diags_.error(span, "components " + std::to_string(i) + " and " + std::to_string(j) +
                                   " of the unique return value of " + name +
                                   " alias each other (both hold `" + roots_[r].name + "`)");
            return;
          }
      }
  }

  bool consumesAny(size_t firstRoot, size_t endRoot) const {
    for (size_t r = firstRoot; r < endRoot; ++r)
      if (consumed_.count(static_cast<int>(r)))
        return true;
    return false;
  }

  struct LoopComponent {
    const Pattern* pattern;
    size_t firstRoot, endRoot; ///< the roots its names got
  };

  /// A loop parameter that the body consumes (or declares unique) is the storage the next
  /// iteration updates, so the body's value for it may alias neither anything bound outside
  /// the loop nor the values it returns for the other parameters.
  void loopResults(const std::vector<LoopComponent>& components, const Alias& result,
                   size_t outerRoots, const SourceSpan& span) {
    size_t n = components.size();
    auto part = [&](size_t i) {
      return (n > 1 && result.parts.size() == n ? result.parts[i] : result).flat();
    };
    for (size_t i = 0; i < n; ++i) {
      const LoopComponent& c = components[i];
      if (!consumesAny(c.firstRoot, c.endRoot) && !declaresUnique(*c.pattern))
        continue;
      std::string name = firstName(*c.pattern);
      Alias mine = part(i);
      for (int r : mine.roots)
        if (static_cast<size_t>(r) < outerRoots) {
          diags_.error(span, "the loop parameter `" + name +
                                 "` is consumed in the loop, so its new value may not alias `" +
                                 roots_[r].name + "`, which is bound outside the loop")
              .note(roots_[r].span, "`" + roots_[r].name + "` is bound here");
          return;
        }
      for (size_t j = 0; n > 1 && result.parts.size() == n && j < n; ++j) {
        if (j == i)
          continue;
        for (int r : part(j).roots)
          if (mine.roots.count(r)) {
            diags_.error(span, "the new value of the consumed loop parameter `" + name +
                                   "` aliases the value returned for `" +
                                   firstName(*components[j].pattern) + "` (both hold `" +
                                   roots_[r].name + "`)");
            return;
          }
      }
    }
  }

  Alias loop(const Expr& e) {
    Alias init = expr(*e.elems[0]);
    const ast::LoopForm& form = e.loopForm;
    Alias elems;
    if (form.kind != ast::LoopForm::Kind::While)
      elems = expr(*form.bound);
    size_t firstRoot = roots_.size();
    Barrier saved = enterBody(/*isLoop=*/true);
    // The roots of each component of the loop parameter, to check the body's results.
    const Pattern& params = *e.pattern;
    bool perComponent = params.kind == Pattern::Kind::Tuple && params.elems.size() > 1;
    std::vector<LoopComponent> components;
    for (size_t i = 0; i < (perComponent ? params.elems.size() : 1); ++i) {
      const Pattern& p = perComponent ? *params.elems[i] : params;
      size_t start = roots_.size();
      bind(p, Alias{}, RootKind::LoopParam);
      components.push_back(LoopComponent{&p, start, roots_.size()});
    }
    size_t paramRoots = roots_.size();
    if (form.kind == ast::LoopForm::Kind::ForIn)
      bind(*form.element, elems, RootKind::Fresh);
    std::map<int, SourceSpan> outerUses = std::exchange(outerUses_, {});
    if (form.kind == ast::LoopForm::Kind::While)
      expr(*form.bound);
    loopResults(components, expr(*e.elems[1]), firstRoot, resultOf(*e.elems[1]).span);
    leaveBody(saved);
    std::map<int, SourceSpan> bodyUses = std::exchange(outerUses_, std::move(outerUses));
    outerUses_.insert(bodyUses.begin(), bodyUses.end());
    bool consumesParams = consumesAny(firstRoot, paramRoots);
    Alias result = Alias::freshValue();
    if (consumesParams) {
      // The loop consumes its initial value before the body runs: the body may not read it.
      for (int r : init.flat().roots) {
        auto use = bodyUses.find(r);
        if (use == bodyUses.end())
          continue;
        diags_.error(use->second, "`" + roots_[r].name +
                                      "` is used in the loop body, but the loop consumed it")
            .note(e.elems[0]->span, "consumed here as the initial value of a loop parameter "
                                    "that the body consumes");
        return result;
      }
      consume(init, e.elems[0]->span, describe(*e.elems[0]));
    } else
      result.add(init);
    return result;
  }

  // --- expressions

  /// Runs `f` on each branch from the same consumption state; afterwards everything any
  /// branch consumed counts as consumed.
  template <typename F>
  void branches(size_t n, F f) {
    std::map<int, Consumption> before = consumed_, after = consumed_;
    for (size_t i = 0; i < n; ++i) {
      consumed_ = before;
      f(i);
      after.insert(consumed_.begin(), consumed_.end());
    }
    consumed_ = std::move(after);
  }

  void indices(const std::vector<ast::DimIndex>& ixs) {
    for (const ast::DimIndex& ix : ixs)
      for (const ast::ExprPtr* sub : {&ix.index, &ix.start, &ix.end, &ix.stride})
        if (*sub)
          expr(**sub);
  }

  Alias var(const Expr& e) {
    const ast::Name& n = e.name;
    if (n.intrinsic || n.uid < 0)
      return {};
    const Binding& b = prog_.bindings[n.uid];
    if (b.kind == Binding::Kind::TopLevel) {
      if (!b.decl || !b.decl->params.empty() || !canAlias(e.type))
        return {};
      auto [it, added] = constants_.try_emplace(n.uid, -1);
      if (added) {
        it->second = newRoot(b.name, b.span, RootKind::Constant);
        roots_[it->second].depth = 0; // global: outside every function
      }
      if (barrier_ > 0)
        captured_.insert(it->second); // a closure using it aliases it
      return Alias{{it->second}, false, {}, {}};
    }
    use(n, e.span);
    auto it = vars_.find(n.uid);
    if (it == vars_.end() || (!canAlias(e.type) && !isFunction(e.type)))
      return {};
    return it->second;
  }

  /// Callee parameters and return type, when the callee is a known function.
  struct Signature {
    const std::vector<ast::PatternPtr>* params = nullptr;
    const ast::TypeExp* ret = nullptr;
  };
  Signature signatureOf(const Expr& callee) const {
    if (callee.kind == Expr::Kind::Lambda)
      return {&callee.params, callee.retTypeExp.get()};
    if (callee.kind != Expr::Kind::Var || callee.name.uid < 0)
      return {};
    const Binding& b = prog_.bindings[callee.name.uid];
    if (b.kind == Binding::Kind::TopLevel && b.decl)
      return {&b.decl->params, b.decl->retTypeExp.get()};
    if (b.kind == Binding::Kind::LocalFunction && b.letFun)
      return {&b.letFun->params, b.letFun->retTypeExp.get()};
    return {};
  }

  Alias call(const Expr& whole, const Expr& callee, std::vector<const Expr*> args) {
    const Expr* head = &callee;
    if (head->kind == Expr::Kind::Apply) { // `xs |> f a`: f applied to a, then xs
      std::vector<const Expr*> inner;
      for (size_t i = 1; i < head->elems.size(); ++i)
        inner.push_back(head->elems[i].get());
      args.insert(args.begin(), inner.begin(), inner.end());
      head = head->elems[0].get();
    }
    Alias fn = expr(*head);
    std::vector<Alias> argAliases;
    for (const Expr* a : args)
      argAliases.push_back(expr(*a));
    Signature sig = signatureOf(*head);
    for (size_t i = 0; sig.params && i < args.size() && i < sig.params->size(); ++i)
      if (isUniqueParam(*(*sig.params)[i])) {
        notAliasedByOthers(args, argAliases, i);
        notCapturedByCallee(*head, fn, args, argAliases, i);
        consume(argAliases[i], args[i]->span, describe(*args[i]));
      }
    // An intrinsic consumes the arguments its signature marks unique (`acc_write` its
    // accumulator, `scatter_stream` its destination), and so does a function value whose
    // type has unique parameters (`let f = \(y: *[]i32) -> ...`).
    TypeRef calleeType;
    if (head->kind == Expr::Kind::Var && head->name.intrinsic) {
      if (auto it = intrinsicType(head->name.builtin))
        calleeType = it->type;
    } else if (!sig.params)
      calleeType = head->type;
    for (size_t i = 0; i < args.size() && calleeType && calleeType->kind == Type::Kind::Function;
         ++i, calleeType = calleeType->result)
      if (calleeType->param && calleeType->param->unique) {
        notAliasedByOthers(args, argAliases, i);
        notCapturedByCallee(*head, fn, args, argAliases, i);
        consume(argAliases[i], args[i]->span, describe(*args[i]));
      }
    // `map (\xs -> xs with [0] = 1) xss`: a function argument that consumes its own
    // parameters consumes the arrays it is applied to.
    for (const Expr* a : args)
      if (consumingLambdas_.count(a))
        for (size_t i = 0; i < args.size(); ++i)
          if (args[i] != a && !isFunction(args[i]->type)) {
            notCapturedByCallee(*head, fn, args, argAliases, i);
            consume(argAliases[i], args[i]->span, describe(*args[i]));
          }
    if (isFunction(whole.type)) { // a partial application holds what it was given
      Alias result = fn;
      for (const Alias& a : argAliases)
        result.add(a);
      return result.flat();
    }
    if (!canAlias(whole.type))
      return {};
    // Results of intrinsics and of unique type are new arrays, one per component.
    if ((head->kind == Expr::Kind::Var && head->name.intrinsic) ||
        (sig.params && args.size() >= sig.params->size() && isUniqueTypeExp(sig.ret)))
      return freshComponents(whole.type);
    // A result of non-unique type may alias every argument, the closures of function
    // arguments included, and the globals a function value returns (kept in `returns` too:
    // they came through a closure); its components may share storage with each other
    // (`fresh` gives a tuple pattern one root for them).
    Alias result = fn.flat();
    result.roots.insert(result.returns.begin(), result.returns.end());
    for (const Alias& a : argAliases)
      result.add(a);
    result.fresh = true;
    return result;
  }

  /// A new value of type `t`: a tuple's components are new and distinct.
  static Alias freshComponents(const TypeRef& t) {
    if (!t || t->kind != Type::Kind::Tuple)
      return Alias::freshValue();
    Alias out;
    for (const TypeRef& e : t->elems)
      out.parts.push_back(freshComponents(e));
    return out;
  }

  /// `f xs xs` with the first parameter unique: the other arguments may not alias the one
  /// the call consumes.
  void notAliasedByOthers(const std::vector<const Expr*>& args, const std::vector<Alias>& aliases,
                          size_t consumed) {
    Alias c = aliases[consumed].flat();
    for (size_t j = 0; j < args.size(); ++j) {
      if (j == consumed || isFunction(args[j]->type))
        continue;
      for (int r : aliases[j].flat().roots)
        if (c.roots.count(r)) {
          diags_.error(args[j]->span, "this argument aliases " + describe(*args[consumed]) +
                                          ", which the same call consumes")
              .note(args[consumed]->span, "consumed here");
          return;
        }
    }
  }

  /// `f x` where `f` uses `x`, `map (\(r: *[]i32) -> a[0]) a`: an argument that the call
  /// consumes may not alias the function called or a function argument of the same call.
  void notCapturedByCallee(const Expr& head, const Alias& fn, const std::vector<const Expr*>& args,
                           const std::vector<Alias>& aliases, size_t consumed) {
    Alias c = aliases[consumed].flat();
    auto shared = [&](const Alias& closure) {
      for (int r : closure.flat().roots)
        if (c.roots.count(r))
          return r;
      return -1;
    };
    if (int r = shared(fn); r >= 0) {
      diags_.error(args[consumed]->span,
                   describe(*args[consumed]) + ", consumed by this call, aliases the function " +
                       describe(head) + ", which uses `" + roots_[r].name + "`");
      return;
    }
    for (size_t j = 0; j < args.size(); ++j) {
      if (j == consumed || !isFunction(args[j]->type))
        continue;
      if (int r = shared(aliases[j]); r >= 0) {
        diags_.error(args[consumed]->span, describe(*args[consumed]) +
                                               ", consumed by this call, aliases the function "
                                               "passed to it, which uses `" +
                                               roots_[r].name + "`")
            .note(args[j]->span, "the function is passed here");
        return;
      }
    }
  }

  Alias update(const Expr& target, const Alias& array, const Alias& value,
               const SourceSpan& span, const std::string& what) {
    for (int r : value.flat().roots)
      if (array.flat().roots.count(r)) {
        diags_.error(span, "the value written into " + what + " aliases it");
        return Alias::freshValue();
      }
    consume(array, target.span, what);
    return Alias::freshValue();
  }

  Alias expr(const Expr& e) {
    switch (e.kind) {
    case Expr::Kind::IntLit:
    case Expr::Kind::FloatLit:
    case Expr::Kind::BoolLit:
    case Expr::Kind::CharLit:
    case Expr::Kind::FieldSection:
      return {};
    case Expr::Kind::StringLit:
      return Alias::freshValue();
    case Expr::Kind::ArrayLit:
    case Expr::Kind::Range:
      for (const auto& sub : e.elems)
        if (sub)
          expr(*sub);
      return Alias::freshValue();
    case Expr::Kind::Var:
      return var(e);
    case Expr::Kind::Tuple: {
      if (e.elems.size() == 1)
        return expr(*e.elems[0]);
      Alias out;
      for (const auto& sub : e.elems)
        out.parts.push_back(expr(*sub));
      return out;
    }
    case Expr::Kind::Record:
    case Expr::Kind::Constructor: {
      Alias out;
      for (const auto& [name, sub] : e.fields)
        if (sub)
          out.add(expr(*sub));
      for (const auto& sub : e.elems)
        out.add(expr(*sub));
      return out;
    }
    case Expr::Kind::Project: {
      Alias whole = expr(*e.elems[0]);
      if (!canAlias(e.type))
        return {};
      bool digits = !e.field.empty() && std::all_of(e.field.begin(), e.field.end(), ::isdigit);
      if (digits && std::stoul(e.field) < whole.parts.size())
        return whole.parts[std::stoul(e.field)];
      return whole.flat();
    }
    case Expr::Kind::Index: {
      Alias array = expr(*e.elems[0]);
      indices(e.indices);
      return canAlias(e.type) ? array.flat() : Alias{};
    }
    case Expr::Kind::Apply: {
      std::vector<const Expr*> args;
      for (size_t i = 1; i < e.elems.size(); ++i)
        args.push_back(e.elems[i].get());
      return call(e, *e.elems[0], std::move(args));
    }
    case Expr::Kind::BinOp: {
      if (e.name.uid < 0 && e.name.base == "|>")
        return call(e, *e.elems[1], {e.elems[0].get()});
      if (e.name.uid < 0 && e.name.base == "<|")
        return call(e, *e.elems[0], {e.elems[1].get()});
      Alias out;
      out.add(expr(*e.elems[0]));
      out.add(expr(*e.elems[1]));
      return canAlias(e.type) ? out : Alias{};
    }
    case Expr::Kind::Negate:
    case Expr::Kind::Not:
    case Expr::Kind::OpSection:
      for (const auto& sub : e.elems)
        if (sub)
          expr(*sub);
      return {};
    case Expr::Kind::IndexSection:
      indices(e.indices);
      return {};
    case Expr::Kind::Lambda: {
      Alias captured;
      // A function taking an accumulator (given to `scatter_stream`) consumes that, not the
      // arrays it is applied to.
      bool takesAcc = std::any_of(e.params.begin(), e.params.end(), [](const auto& p) {
        return p->type && p->type->kind == Type::Kind::Acc;
      });
      // It consumes what it is applied to if it consumes a parameter or declares one unique.
      bool consumes = function(e.params, e.retTypeExp.get(), *e.elems[0], "this function",
                               RootKind::LambdaParam, &captured);
      consumes = consumes || std::any_of(e.params.begin(), e.params.end(),
                                         [](const auto& p) { return declaresUnique(*p); });
      if (consumes && !takesAcc)
        consumingLambdas_.insert(&e);
      return captured;
    }
    case Expr::Kind::LetIn:
      bind(*e.pattern, expr(*e.elems[0]), RootKind::Fresh);
      return expr(*e.elems[1]);
    case Expr::Kind::LetFun: {
      Alias captured;
      function(e.params, e.retTypeExp.get(), *e.elems[0], "`" + e.name.base + "`", RootKind::Param,
               &captured, GlobalResult::Forbidden);
      vars_[e.name.uid] = std::move(captured);
      return expr(*e.elems[1]);
    }
    case Expr::Kind::LetWith: {
      use(e.name, e.name.span);
      auto it = vars_.find(e.name.uid);
      Alias array = it == vars_.end() ? Alias{} : it->second;
      Alias value = expr(*e.elems[0]);
      indices(e.indices);
      Expr target(Expr::Kind::Var, e.name.span);
      update(target, array, value, e.span, "`" + e.name.base + "`");
      vars_[e.boundUid] =
          Alias{{newRoot(e.name.base, e.name.span, RootKind::Fresh)}, false, {}, {}};
      return expr(*e.elems[1]);
    }
    case Expr::Kind::Update: {
      Alias array = expr(*e.elems[0]);
      Alias value = expr(*e.elems[1]);
      indices(e.indices);
      return update(*e.elems[0], array, value, e.span, describe(*e.elems[0]));
    }
    case Expr::Kind::FlatIndex: {
      Alias array = expr(*e.elems[0]);
      for (size_t i = 1; i < e.elems.size(); ++i)
        expr(*e.elems[i]);
      return canAlias(e.type) ? array.flat() : Alias{};
    }
    case Expr::Kind::FlatUpdate: {
      Alias array = expr(*e.elems[0]);
      Alias value = expr(*e.elems[1]);
      for (size_t i = 2; i < e.elems.size(); ++i)
        expr(*e.elems[i]);
      return update(*e.elems[0], array, value, e.span, describe(*e.elems[0]));
    }
    case Expr::Kind::RecordUpdate: {
      Alias out = expr(*e.elems[0]).flat();
      out.add(expr(*e.elems[1]));
      return out;
    }
    case Expr::Kind::If: {
      expr(*e.elems[0]);
      Alias out;
      branches(2, [&](size_t i) { out.add(expr(*e.elems[i + 1])); });
      return out;
    }
    case Expr::Kind::Match: {
      Alias scrutinee = expr(*e.elems[0]);
      Alias out;
      branches(e.cases.size(), [&](size_t i) {
        bind(*e.cases[i].pattern, scrutinee, RootKind::Fresh);
        out.add(expr(*e.cases[i].body));
      });
      return out;
    }
    case Expr::Kind::Loop:
      return loop(e);
    case Expr::Kind::Ascribe:
    case Expr::Kind::Coerce: {
      Alias a = expr(*e.elems[0]);
      uniqueAscription(e, a);
      return a;
    }
    case Expr::Kind::Attributed:
      return expr(*e.elems[0]);
    case Expr::Kind::Hole:
      return Alias::freshValue();
    case Expr::Kind::Assert:
      expr(*e.elems[0]);
      return expr(*e.elems[1]);
    }
    return {};
  }

  const CheckedProgram& prog_;
  DiagnosticEngine& diags_;
  std::vector<Root> roots_;
  std::map<int, Alias> vars_;            ///< binding uid -> alias set
  std::map<int, int> constants_;         ///< top-level constant uid -> its root
  std::map<int, Consumption> consumed_;  ///< root -> where it was consumed
  std::set<const Expr*> consumingLambdas_; ///< lambdas that consume their parameters
  std::set<int> captured_; ///< roots from outside the current function that its body uses
  /// Where roots bound outside the current function or loop body are first used in it.
  std::map<int, SourceSpan> outerUses_;
  int depth_ = 0;
  int barrier_ = 0;
  bool barrierIsLoop_ = false;
};

} // namespace

void checkUniqueness(const CheckedProgram& prog, const ast::Program& file,
                     DiagnosticEngine& diags) {
  UniquenessChecker checker(prog, diags);
  for (const auto& d : file.decls)
    checker.decl(*d);
}

} // namespace fjord::sema
