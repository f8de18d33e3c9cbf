// Uniqueness checking of function bodies (lambdas, local and top-level functions) and of
// loops: what a body may consume, what its result may alias.
#include "sema/UniquenessChecker.h"

#include <utility>

namespace fjord::sema::uniqueness {

UniquenessChecker::Barrier UniquenessChecker::enterBody(bool isLoop) {
  Barrier saved{barrier_, barrierIsLoop_};
  barrier_ = ++depth_;
  barrierIsLoop_ = isLoop;
  return saved;
}
void UniquenessChecker::leaveBody(Barrier saved) {
  --depth_;
  barrier_ = saved.barrier;
  barrierIsLoop_ = saved.isLoop;
}

/// Checks a function body; returns whether it consumes one of its parameters. `captured`
/// receives the roots of the variables from outside that the body uses (a closure
/// aliases them).
bool UniquenessChecker::function(const std::vector<ast::PatternPtr>& params,
                                 const ast::TypeExp* ret, const Expr& body, const std::string& name,
                                 RootKind plainParam, Alias* captured, GlobalResult globalResult) {
  std::set<int> outerCaptured = std::move(captured_);
  captured_.clear();
  // What the body of a function with parameters consumes, it consumes when applied.
  size_t consumptionsBefore = consumptions_;
  Barrier saved = enterBody(/*isLoop=*/false);
  size_t firstRoot = roots_.size();
  // A lambda's parameter declared with a non-unique type is no more consumable by its
  // unique result than a named function's (Futhark: "aliased to x, which is not
  // consumable").
  std::set<int> declaredPlain;
  for (const auto& p : params) {
    size_t start = roots_.size();
    bind(*p, Alias{}, isUniqueParam(*p) ? RootKind::UniqueParam : plainParam);
    if (plainParam == RootKind::LambdaParam && p->kind == Pattern::Kind::Ascribed &&
        !declaresUnique(*p))
      for (size_t r = start; r < roots_.size(); ++r)
        declaredPlain.insert(static_cast<int>(r));
  }
  size_t paramRoots = roots_.size();
  Alias result = expr(body);
  if (isUniqueTypeExp(ret))
    for (int r : result.flat().roots)
      if (roots_[r].kind == RootKind::Param || declaredPlain.count(r)) {
        diags_.error(body.span, "the unique return value of " + name +
                                    " aliases the non-unique parameter `" + roots_[r].name + "`")
            .note(roots_[r].span, "`" + roots_[r].name + "` is declared here");
        break;
      }
  uniqueComponentsDistinct(ret, result, body.span, name);
  std::set<int> globals = aliasedGlobals(result, body);
  std::set<int> reported = globalResult == GlobalResult::Forbidden ? globals : std::set<int>{};
  if (!params.empty() && !reported.empty())
    diags_.error(body.span, "the result of " + name + " aliases the free variable `" +
                                roots_[*reported.begin()].name +
                                "`; use `copy` to break the aliasing")
        .note(roots_[*reported.begin()].span, "`" + roots_[*reported.begin()].name +
                                                  "` is defined here");
  leaveBody(saved);
  if (!params.empty())
    consumptions_ = consumptionsBefore;
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

/// The top-level constants that the value of `body` aliases: those its arrays share, and
/// through closures those a function value's result shares, or those a value got from
/// calling such a function. A function with parameters may not return them (Futhark: the
/// result of a call aliases at most its arguments).
std::set<int> UniquenessChecker::aliasedGlobals(const Alias& result, const Expr& body) const {
  Alias f = result.flat();
  std::set<int> candidates = f.returns;
  if (!isFunction(body.type))
    candidates.insert(f.roots.begin(), f.roots.end());
  std::set<int> out;
  for (int r : candidates)
    if (roots_[r].kind == RootKind::Constant)
      out.insert(r);
  return out;
}

/// `x : *[]i32`: an ascription may give a unique type only to a value that may be
/// consumed, not to one that aliases a non-unique parameter.
void UniquenessChecker::uniqueAscription(const Expr& e, const Alias& value) {
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
void UniquenessChecker::uniqueComponentsDistinct(const ast::TypeExp* ret, const Alias& result,
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

bool UniquenessChecker::consumesAny(size_t firstRoot, size_t endRoot) const {
  for (size_t r = firstRoot; r < endRoot; ++r)
    if (consumed_.count(static_cast<int>(r)))
      return true;
  return false;
}

/// A loop parameter that the body consumes (or declares unique) is the storage the next
/// iteration updates, so the body's value for it may alias neither anything bound outside
/// the loop nor the values it returns for the other parameters.
void UniquenessChecker::loopResults(const std::vector<LoopComponent>& components,
                                    const Alias& result, size_t outerRoots,
                                    const SourceSpan& span) {
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

Alias UniquenessChecker::loop(const Expr& e) {
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
    bool nonUnique = p.kind == Pattern::Kind::Ascribed && !declaresUnique(p);
    bind(p, Alias{}, nonUnique ? RootKind::NonUniqueLoopParam : RootKind::LoopParam);
    components.push_back(LoopComponent{&p, start, roots_.size()});
  }
  size_t paramRoots = roots_.size();
  if (form.kind == ast::LoopForm::Kind::ForIn)
    bind(*form.element, elems, RootKind::Fresh);
  std::map<int, SourceSpan> outerUses = std::exchange(outerUses_, {});
  if (form.kind == ast::LoopForm::Kind::While)
    expr(*form.bound);
  Alias bodyResult = expr(*e.elems[1]);
  loopResults(components, bodyResult, firstRoot, resultOf(*e.elems[1]).span);
  leaveBody(saved);
  std::map<int, SourceSpan> bodyUses = std::exchange(outerUses_, std::move(outerUses));
  outerUses_.insert(bodyUses.begin(), bodyUses.end());
  bool consumesParams = consumesAny(firstRoot, paramRoots);
  // The result may be what the body returned from outside the loop: an element of the
  // array a for-in loop walks (`for xs in xss do xs`) aliases that array.
  Alias result = Alias::freshValue();
  for (int r : bodyResult.flat().roots)
    if (static_cast<size_t>(r) < firstRoot)
      result.roots.insert(r);
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

} // namespace fjord::sema::uniqueness
