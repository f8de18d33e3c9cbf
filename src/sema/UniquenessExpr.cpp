// Uniqueness checking of expressions: the alias set of each form, consumption by calls
// (unique parameters, consuming lambdas) and in-place updates.
#include "sema/UniquenessChecker.h"

#include "sema/Builtins.h"

#include <algorithm>
#include <cctype>

namespace fjord::sema::uniqueness {

void UniquenessChecker::indices(const std::vector<ast::DimIndex>& ixs) {
  for (const ast::DimIndex& ix : ixs)
    for (const ast::ExprPtr* sub : {&ix.index, &ix.start, &ix.end, &ix.stride})
      if (*sub)
        expr(**sub);
}

Alias UniquenessChecker::var(const Expr& e) {
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

UniquenessChecker::Signature UniquenessChecker::signatureOf(const Expr& callee) const {
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

Alias UniquenessChecker::call(const Expr& whole, const Expr& callee,
                              std::vector<const Expr*> args) {
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
    consumingArgument(*head, *args[i], *(*sig.params)[i]);
  for (size_t i = 0; sig.params && i < args.size() && i < sig.params->size(); ++i)
    if (isUniqueParam(*(*sig.params)[i])) {
      notSelfAliased(*args[i], argAliases[i]);
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
Alias UniquenessChecker::freshComponents(const TypeRef& t) {
  if (!t || t->kind != Type::Kind::Tuple)
    return Alias::freshValue();
  Alias out;
  for (const TypeRef& e : t->elems)
    out.parts.push_back(freshComponents(e));
  return out;
}

/// `apply consume xs` with `apply (f: a -> b) (x: a)`: a function that consumes its
/// argument may be passed only for a parameter whose type says that it consumes there, or
/// the callee could apply it to a value it still uses (Futhark's uniqueness-error36). The
/// prelude's higher-order functions are exempt: a consuming function given to `map`
/// consumes the array it is applied to (see `call`).
void UniquenessChecker::consumingArgument(const Expr& callee, const Expr& arg,
                                          const Pattern& param) {
  if (!isFunction(arg.type) || !param.type || (param.span.file && isPreludeFile(param.span.file)))
    return;
  // Which parameters the function given consumes: a named function's declaration says, or
  // else (a lambda, a function value) its type.
  std::vector<bool> consumes;
  Signature given = signatureOf(arg);
  if (given.params)
    for (const auto& p : *given.params)
      consumes.push_back(declaresUnique(*p));
  else
    for (TypeRef t = arg.type; isFunction(t); t = t->result)
      consumes.push_back(t->param && t->param->unique && canAlias(t->param));
  TypeRef expected = param.type;
  for (size_t i = 0; i < consumes.size() && isFunction(expected); ++i) {
    if (consumes[i] && !(expected->param && expected->param->unique)) {
      diags_.error(arg.span, "cannot pass " + describe(arg) +
                                 ", a function consuming its argument, for the parameter `" +
                                 firstName(param) + "` of " + describe(callee) + ", whose type `" +
                                 param.type->str() + "` does not consume it")
          .note(param.span, "declare the parameter's type with a unique `*` where it consumes");
      return;
    }
    expected = expected->result;
  }
}

/// `p.1` where `p` has a root per component (a consuming tuple parameter): a use of that
/// component only, so that another one may have been consumed.
bool UniquenessChecker::componentOfVar(const Expr& e, Alias& part) {
  const Expr& of = *e.elems[0];
  if (of.kind != Expr::Kind::Var || of.name.uid < 0 || of.name.intrinsic || e.field.empty() ||
      !std::all_of(e.field.begin(), e.field.end(), ::isdigit))
    return false;
  auto it = vars_.find(of.name.uid);
  size_t i = std::stoul(e.field);
  if (it == vars_.end() || i >= it->second.parts.size() || !it->second.roots.empty())
    return false;
  part = it->second.parts[i];
  useAlias(of.name.str() + "." + e.field, part, e.span);
  if (!canAlias(e.type))
    part = {};
  return true;
}

/// `g (x, x)` for a consuming tuple parameter: its components may not share storage, as
/// the callee consumes each on its own (Futhark: "argument ... is self-aliased").
void UniquenessChecker::notSelfAliased(const Expr& arg, const Alias& a) {
  for (size_t i = 0; i < a.parts.size(); ++i)
    for (size_t j = i + 1; j < a.parts.size(); ++j)
      for (int r : a.parts[i].flat().roots)
        if (a.parts[j].flat().roots.count(r)) {
          diags_.error(arg.span, "the argument passed for a consuming parameter is "
                                 "self-aliased: its components " +
                                     std::to_string(i) + " and " + std::to_string(j) +
                                     " both hold `" + roots_[r].name + "`; `copy` one of them")
              .note(roots_[r].span, "`" + roots_[r].name + "` is bound here");
          return;
        }
}

/// `f xs xs` with the first parameter unique: the other arguments may not alias the one
/// the call consumes.
void UniquenessChecker::notAliasedByOthers(const std::vector<const Expr*>& args,
                                           const std::vector<Alias>& aliases, size_t consumed) {
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
void UniquenessChecker::notCapturedByCallee(const Expr& head, const Alias& fn,
                                            const std::vector<const Expr*>& args,
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

Alias UniquenessChecker::update(const Expr& target, const Alias& array, const Alias& value,
                                const SourceSpan& span, const std::string& what) {
  for (int r : value.flat().roots)
    if (array.flat().roots.count(r)) {
      diags_.error(span, "the value written into " + what + " aliases it");
      return Alias::freshValue();
    }
  consume(array, target.span, what);
  return Alias::freshValue();
}

/// `xs[i]`: the array is held while its indices are computed, so an index that consumes
/// it (`xs[let ys = xs with [0] = 5 in ys[1]]`) uses it after consuming it.
void UniquenessChecker::heldWhileIndexing(const Expr& array, const Alias& a,
                                          const std::map<int, Consumption>& before) {
  for (int r : a.flat().roots) {
    auto c = consumed_.find(r);
    if (c == consumed_.end() || before.count(r))
      continue;
    diags_.error(array.span, describe(array) + " is indexed here, so it is used after its "
                             "index consumed it")
        .note(c->second.span, c->second.name + " was consumed here");
    return;
  }
}

/// `let f = update xs`: a value of function type whose computation consumes a variable, or
/// a top-level constant of function type whose computation consumes anything (Futhark:
/// "contains consumption"); each application of it would consume that again.
void UniquenessChecker::higherOrderConsumption(const Expr& bound, const std::string& what) {
  diags_.error(bound.span, what + " of higher-order type contains consumption; apply the "
                               "function where it is used, or `copy` what it consumes there");
}

Alias UniquenessChecker::expr(const Expr& e) {
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
    if (Alias part; componentOfVar(e, part))
      return part;
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
    std::map<int, Consumption> before = consumed_;
    indices(e.indices);
    heldWhileIndexing(*e.elems[0], array, before);
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
  case Expr::Kind::LetIn: {
    // Only consuming a variable counts (`let f = update xs`): each application of `f`
    // would consume `xs` again; `let f = update (iota n)` consumes a value of its own.
    std::map<int, Consumption> before = consumed_;
    size_t outerRoots = roots_.size();
    Alias bound = expr(*e.elems[0]);
    if (isFunction(e.elems[0]->type) &&
        std::any_of(consumed_.begin(), consumed_.end(), [&](const auto& c) {
          return static_cast<size_t>(c.first) < outerRoots && !before.count(c.first);
        }))
      higherOrderConsumption(*e.elems[0], "let-bound expression");
    bind(*e.pattern, bound, RootKind::Fresh);
    return expr(*e.elems[1]);
  }
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
    std::map<int, Consumption> before = consumed_;
    for (size_t i = 1; i < e.elems.size(); ++i)
      expr(*e.elems[i]);
    heldWhileIndexing(*e.elems[0], array, before);
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

} // namespace fjord::sema::uniqueness
