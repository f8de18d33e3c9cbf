// Type inference for the forms that bind names in a scope: lambdas, local functions, `match`
// cases and loops.
#include "sema/Checker.h"

#include <set>

namespace fjord::sema {

using ast::Expr;

TypeRef Checker::checkLambda(Expr& e) {
  size_t mark = valueMark();
  int firstUid = nextUid();
  TypeRef t = checkFunction(e.params, e.retTypeExp.get(), *e.elems[0]);
  popValues(mark);
  return escapeSizes(t, firstUid, e.span);
}

TypeRef Checker::checkLetIn(Expr& e) {
  TypeRef t = check(*e.elems[0]);
  size_t mark = valueMark();
  int firstUid = nextUid();
  // `let [m] (ys: [m]t) = e`: each size parameter is an `i64` variable whose value is the
  // size it names in the value's type, so `[m]` in the pattern takes whatever size `e` has.
  std::set<int> opened;
  for (ast::Name& n : e.sizeParams) {
    Binding b;
    b.kind = Binding::Kind::SizeParam;
    b.name = n.base;
    b.span = n.span;
    n.uid = bind(n, Scheme{Type::primitive(PrimType::I64), {}}, std::move(b));
    opened.insert(n.uid);
  }
  tv_.openedSizes = opened;
  bindPattern(*e.pattern, t);
  tv_.openedSizes.clear();
  for (const ast::Name& n : e.sizeParams)
    if (!patternMentions(*e.pattern, n.uid))
      diags_.error(n.span, "size parameter `" + n.base + "` is not used in the pattern's type");
  TypeRef body = check(*e.elems[1]);
  popValues(mark);
  return escapeSizes(body, firstUid, e.span);
}

TypeRef Checker::checkLetFun(Expr& e) {
  size_t mark = valueMark(), tmark = typeMark();
  int firstUid = nextUid();
  tv_.enterLevel();
  // `let f 't (x: t) = ...`: each type parameter names a type variable of this level, which
  // generalisation below makes polymorphic when the body leaves it unconstrained.
  std::vector<std::pair<const ast::TypeParam*, TypeRef>> typeParams;
  for (const ast::TypeParam& tp : e.typeParams) {
    if (tp.kind == ast::TypeParam::Kind::Size) {
      diags_.unsupported(tp.span, "a size parameter of a local function");
      continue;
    }
    typeParams.emplace_back(&tp, fresh(tp.span));
    types_.push_back(TypeEntry{tp.name, typeParams.back().second, {}});
  }
  anonymousSizeOwner_ = e.name.base;
  TypeRef t = checkFunction(e.params, e.retTypeExp.get(), *e.elems[0]);
  // A type parameter stands for any type: it may not become a type from outside the
  // function (Futhark's "scope violation") or a particular type.
  bool reported = false;
  for (const auto& [tp, var] : typeParams) {
    if (!reported && !tv_.staysLocal(var)) {
      reportTypeParamBound(*tp, var, e.name.base);
      reported = true;
    }
    localTypeParams_.emplace_back(tp, var, e.name.base);
  }
  tv_.leaveLevel();
  popValues(mark);
  popTypes(tmark);
  Scheme s = tv_.generalise(t, {});
  Binding b;
  b.kind = Binding::Kind::LocalFunction;
  b.name = e.name.base;
  b.span = e.name.span;
  b.letFun = &e;
  bind(e.name, std::move(s), std::move(b));
  TypeRef body = check(*e.elems[1]);
  popValues(mark);
  return escapeSizes(body, firstUid, e.span);
}

TypeRef Checker::checkMatch(Expr& e) {
  TypeRef scrutinee = check(*e.elems[0]);
  TypeRef result;
  for (ast::MatchCase& c : e.cases) {
    size_t mark = valueMark();
    int firstUid = nextUid();
    bindPattern(*c.pattern, scrutinee);
    TypeRef body = escapeSizes(check(*c.body), firstUid, c.body->span);
    popValues(mark);
    if (!result) {
      result = body;
      continue;
    }
    // Cases of different sizes give the `match` an existential size.
    bool wasLax = tv_.laxSizes;
    tv_.laxSizes = true;
    bool ok = unify(result, body, c.body->span);
    tv_.laxSizes = wasLax;
    if (ok)
      result = tv_.joinSizes(result, body,
                             SizeOrigin{"the size of this `match`, whose cases differ in size", e.span});
  }
  return result ? result : fresh(e.span);
}

namespace {

/// `loop (x, y) for ...` without `= init` starts from the variables of the same names.
ast::ExprPtr initFromPattern(const ast::Pattern& p, DiagnosticEngine& diags) {
  switch (p.kind) {
  case ast::Pattern::Kind::Id: {
    auto v = std::make_unique<Expr>(Expr::Kind::Var, p.span);
    v->name.base = p.name.base;
    v->name.span = p.name.span;
    return v;
  }
  case ast::Pattern::Kind::Ascribed:
    return initFromPattern(*p.elems[0], diags);
  case ast::Pattern::Kind::Tuple: {
    auto t = std::make_unique<Expr>(Expr::Kind::Tuple, p.span);
    for (const auto& sub : p.elems)
      if (auto s = initFromPattern(*sub, diags))
        t->elems.push_back(std::move(s));
      else
        return nullptr;
    return t;
  }
  default:
    diags.error(p.span, "a loop without an initial value needs a pattern of names");
    return nullptr;
  }
}

} // namespace

TypeRef Checker::checkLoop(Expr& e) {
  if (!e.elems[0]) {
    e.elems[0] = initFromPattern(*e.pattern, diags_);
    if (!e.elems[0])
      return fresh(e.span);
  }
  TypeRef init = check(*e.elems[0]);
  ast::LoopForm& form = e.loopForm;
  TypeRef boundType;
  if (form.kind != ast::LoopForm::Kind::While)
    boundType = check(*form.bound);

  size_t mark = valueMark();
  int firstUid = nextUid();
  TypeRef paramType = patternType(*e.pattern);
  unify(paramType, init, e.elems[0]->span);
  bindPattern(*e.pattern, paramType, /*isLoopParam=*/true);
  switch (form.kind) {
  case ast::LoopForm::Kind::For: {
    tv_.constrain(boundType, Constraint{integerMask(), {}, {}, "a `for` loop bound", form.bound->span, {}},
                  form.bound->span);
    Binding b;
    b.kind = Binding::Kind::LoopIterator;
    b.name = form.iterator.base;
    b.span = form.iterator.span;
    bind(form.iterator, Scheme{boundType, {}}, std::move(b));
    break;
  }
  case ast::LoopForm::Kind::ForIn: {
    TypeRef elem = fresh(form.bound->span);
    unify(Type::array(elem, {Size::unknown()}), boundType, form.bound->span);
    bindPattern(*form.element, elem);
    break;
  }
  case ast::LoopForm::Kind::While:
    unify(Type::primitive(PrimType::Bool), check(*form.bound), form.bound->span);
    break;
  }
  TypeRef body = check(*e.elems[1]);
  // A size of a loop parameter that the body changes is generalised: the loop's result
  // has an existential size there (the body sees the initial size).
  bool wasLax = tv_.laxSizes;
  tv_.laxSizes = true;
  bool ok = unify(paramType, body, e.elems[1]->span);
  tv_.laxSizes = wasLax;
  popValues(mark);
  TypeRef result =
      ok ? tv_.joinSizes(paramType, body,
                         SizeOrigin{"the size of a loop parameter that changes in this loop", e.span})
         : paramType;
  return escapeSizes(result, firstUid, e.span);
}

} // namespace fjord::sema
