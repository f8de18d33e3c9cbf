// Type inference for expressions.
#include "sema/Builtins.h"
#include "sema/Checker.h"

namespace fjord::sema {

using ast::Expr;

namespace {

bool isInternalName(const std::string& n) { return n.rfind("__", 0) == 0; }

bool isDigits(const std::string& s) {
  return !s.empty() && std::all_of(s.begin(), s.end(), [](char c) { return c >= '0' && c <= '9'; });
}

/// Replaces size variables by unknown sizes (uses of local functions, whose sizes are not
/// tracked through calls). Drops uniqueness too: it matters to the uniqueness pass, which reads the declarations.
TypeRef stripSizeVars(const TypeRef& t) {
  switch (t->kind) {
  case Type::Kind::Prim:
  case Type::Kind::Var:
  case Type::Kind::Sum:
    return t;
  case Type::Kind::Array: {
    std::vector<Size> shape = t->shape;
    for (Size& s : shape)
      if (s.kind == Size::Kind::Var)
        s = Size::unknown();
    return Type::array(stripSizeVars(t->elem), std::move(shape));
  }
  case Type::Kind::Tuple: {
    std::vector<TypeRef> elems;
    for (const TypeRef& e : t->elems)
      elems.push_back(stripSizeVars(e));
    return Type::tuple(std::move(elems));
  }
  case Type::Kind::Record: {
    auto fields = t->fields;
    for (auto& f : fields)
      f.second = stripSizeVars(f.second);
    return Type::record(std::move(fields));
  }
  case Type::Kind::Function:
    return Type::function(stripSizeVars(t->param), stripSizeVars(t->result));
  }
  return t;
}

/// The built-in binary operators: which primitive types they take and whether they return
/// bool. `mask == 0` means any type (equality).
struct OpInfo {
  uint32_t mask = 0;
  bool boolResult = false;
};
std::optional<OpInfo> builtinOp(const std::string& op) {
  const uint32_t boolBit = primBit(PrimType::Bool);
  if (op == "+" || op == "-" || op == "*" || op == "/" || op == "%" || op == "//" ||
      op == "%%" || op == "**")
    return OpInfo{numericMask(), false};
  if (op == "==" || op == "!=")
    return OpInfo{0, true};
  if (op == "<" || op == "<=" || op == ">" || op == ">=")
    return OpInfo{numericMask() | boolBit, true};
  if (op == "&&" || op == "||")
    return OpInfo{boolBit, false};
  if (op == "&" || op == "|" || op == "^")
    return OpInfo{integerMask() | boolBit, false};
  if (op == "<<" || op == ">>" || op == ">>>")
    return OpInfo{integerMask(), false};
  return std::nullopt;
}

} // namespace

TypeRef Checker::check(Expr& e) {
  e.type = checkExpr(e);
  return e.type;
}

TypeRef Checker::unsupported(Expr& e, const std::string& what) {
  diags_.unsupported(e.span, what);
  return fresh(e.span);
}

TypeRef Checker::literalType(Expr& e) {
  if (e.literalType)
    return Type::primitive(*e.literalType);
  Constraint c;
  if (e.kind == Expr::Kind::FloatLit) {
    c.prims = floatMask();
    c.defaultPrim = PrimType::F64;
    c.origin = "floating-point literal";
  } else {
    c.prims = numericMask();
    c.defaultPrim = PrimType::I32;
    c.origin = "integer literal";
  }
  c.span = e.span;
  return tv_.fresh(e.span, std::move(c));
}

TypeRef Checker::checkExpr(Expr& e) {
  switch (e.kind) {
  case Expr::Kind::IntLit:
  case Expr::Kind::FloatLit:
  case Expr::Kind::CharLit:
    return literalType(e);
  case Expr::Kind::BoolLit:
    return Type::primitive(PrimType::Bool);
  case Expr::Kind::StringLit:
    return Type::array(Type::primitive(PrimType::U8),
                       {Size::constant(static_cast<int64_t>(e.text.size()))});
  case Expr::Kind::Var:
    return checkVar(e);
  case Expr::Kind::Tuple: {
    if (e.elems.size() == 1)
      return check(*e.elems[0]);
    std::vector<TypeRef> elems;
    for (auto& sub : e.elems)
      elems.push_back(check(*sub));
    return Type::tuple(std::move(elems));
  }
  case Expr::Kind::Record: {
    std::vector<std::pair<std::string, TypeRef>> fields;
    for (auto& [name, sub] : e.fields) {
      if (!sub) { // `{x}` means `{x = x}`
        sub = std::make_unique<Expr>(Expr::Kind::Var, e.span);
        sub->name.base = name;
        sub->name.span = e.span;
      }
      for (const auto& f : fields)
        if (f.first == name)
          diags_.error(sub->span, "field `" + name + "` appears more than once");
      fields.emplace_back(name, check(*sub));
    }
    return Type::record(std::move(fields));
  }
  case Expr::Kind::ArrayLit: {
    if (e.elems.empty())
      return Type::array(fresh(e.span), {Size::constant(0)});
    TypeRef t = check(*e.elems[0]);
    for (size_t i = 1; i < e.elems.size(); ++i)
      unify(t, check(*e.elems[i]), e.elems[i]->span);
    return Type::array(t, {Size::constant(static_cast<int64_t>(e.elems.size()))});
  }
  case Expr::Kind::Range:
    return checkRange(e);
  case Expr::Kind::Project:
    return checkProject(check(*e.elems[0]), e.field, e.span);
  case Expr::Kind::Index:
    return checkIndex(e);
  case Expr::Kind::Apply:
    return checkApply(e);
  case Expr::Kind::BinOp:
    return checkBinOp(e);
  case Expr::Kind::Negate: {
    TypeRef t = check(*e.elems[0]);
    tv_.constrain(t, Constraint{numericMask(), {}, {}, "unary `-`", e.span, {}}, e.span);
    return t;
  }
  case Expr::Kind::Not: {
    TypeRef t = check(*e.elems[0]);
    tv_.constrain(t,
                  Constraint{integerMask() | primBit(PrimType::Bool), {}, {}, "operator `!`", e.span, {}},
                  e.span);
    return t;
  }
  case Expr::Kind::Lambda:
    return checkLambda(e);
  case Expr::Kind::OpSection: {
    TypeRef ft;
    const ValueEntry* v = e.name.qualifiers.empty() ? lookupValue(e.name.base) : nullptr;
    if (v) {
      e.name.uid = v->uid;
      ft = tv_.instantiate(v->scheme, e.span);
      const Binding& b = out_.bindings[v->uid];
      ft = b.kind == Binding::Kind::TopLevel && b.decl ? instantiateSizes(ft, *b.decl, e.span)
                                                       : stripSizeVars(ft);
    } else {
      ft = builtinOpType(e, e.name.base);
    }
    if (!e.name.qualifiers.empty()) { // `(i32.+)`: the operator at the namespace's type
      auto ns = primFromName(e.name.qualifiers[0]);
      if (!ns || !(isInteger(*ns) || isFloat(*ns))) {
        diags_.error(e.span, "unknown name `" + e.name.str() + "`");
        return fresh(e.span);
      }
      if (ft->kind == Type::Kind::Function)
        unify(Type::primitive(*ns), ft->param, e.span);
    }
    if (e.elems.size() > 0 && e.elems[0]) // `(x +)`
      ft = applyTo(ft, *e.elems[0], e.span);
    if (e.elems.size() > 1 && e.elems[1]) { // `(+ y)`: \x -> x + y
      TypeRef x = fresh(e.span), r = fresh(e.span);
      TypeRef y = check(*e.elems[1]);
      unify(Type::function(x, Type::function(y, r)), ft, e.span);
      ft = Type::function(x, r);
    }
    return ft;
  }
  case Expr::Kind::FieldSection: {
    TypeRef arg = fresh(e.span), t = arg;
    for (const std::string& f : e.fieldPath)
      t = checkProject(t, f, e.span);
    return Type::function(arg, t);
  }
  case Expr::Kind::IndexSection: {
    TypeRef arg = fresh(e.span);
    return Type::function(arg, indexResult(arg, e.indices, e.span));
  }
  case Expr::Kind::LetIn: {
    TypeRef t = check(*e.elems[0]);
    size_t mark = valueMark();
    int firstUid = nextUid();
    bindPattern(*e.pattern, t);
    TypeRef body = check(*e.elems[1]);
    popValues(mark);
    return escapeSizes(body, firstUid, e.span);
  }
  case Expr::Kind::LetFun:
    return checkLetFun(e);
  case Expr::Kind::LetWith: {
    const ValueEntry* src = lookupValue(e.name.base);
    if (!src) {
      diags_.error(e.name.span, "unknown name `" + e.name.base + "`");
      return fresh(e.span);
    }
    e.name.uid = src->uid;
    TypeRef arrayType = tv_.instantiate(src->scheme, e.span);
    TypeRef target = indexResult(arrayType, e.indices, e.span);
    unify(target, check(*e.elems[0]), e.elems[0]->span);
    size_t mark = valueMark();
    int firstUid = nextUid();
    ast::Name rebound = e.name;
    Binding b;
    b.kind = Binding::Kind::Local;
    b.name = e.name.base;
    b.span = e.name.span;
    e.boundUid = bind(rebound, Scheme{arrayType, {}}, std::move(b));
    TypeRef body = check(*e.elems[1]);
    popValues(mark);
    return escapeSizes(body, firstUid, e.span);
  }
  case Expr::Kind::Update: {
    TypeRef arrayType = check(*e.elems[0]);
    TypeRef target = indexResult(arrayType, e.indices, e.span);
    unify(target, check(*e.elems[1]), e.elems[1]->span);
    return arrayType;
  }
  case Expr::Kind::RecordUpdate:
    return checkRecordUpdate(e);
  case Expr::Kind::FlatIndex:
  case Expr::Kind::FlatUpdate:
    return checkFlat(e);
  case Expr::Kind::If: {
    unify(Type::primitive(PrimType::Bool), check(*e.elems[0]), e.elems[0]->span);
    TypeRef t = check(*e.elems[1]);
    TypeRef f = check(*e.elems[2]);
    // Branches of different sizes give the `if` an existential size.
    bool wasLax = tv_.laxSizes;
    tv_.laxSizes = true;
    bool ok = unify(t, f, e.elems[2]->span);
    tv_.laxSizes = wasLax;
    if (!ok && tv_.lastError())
      tv_.lastError()->note(e.elems[1]->span, "the `then` branch has type `" +
                                                  tv_.zonk(t)->str() + "`");
    return ok ? tv_.joinSizes(t, f, SizeOrigin{"the size of this `if`, whose branches differ in size", e.span}) : t;
  }
  case Expr::Kind::Match:
    return checkMatch(e);
  case Expr::Kind::Loop:
    return checkLoop(e);
  case Expr::Kind::Ascribe:
  case Expr::Kind::Coerce: {
    TypeRef t = check(*e.elems[0]);
    TypeRef annotated = resolveTypeExp(*e.typeExp);
    // `e : t` is checked here; `e :> t` at run time.
    bool wasLax = tv_.laxSizes;
    tv_.laxSizes = e.kind == Expr::Kind::Coerce;
    tv_.sizeContext = SizeContext{"", "", true};
    unify(annotated, t, e.elems[0]->span);
    tv_.sizeContext = {};
    tv_.laxSizes = wasLax;
    return annotated;
  }
  case Expr::Kind::Assert:
    unify(Type::primitive(PrimType::Bool), check(*e.elems[0]), e.elems[0]->span);
    return check(*e.elems[1]);
  case Expr::Kind::Constructor: {
    // `#some x` has some sum type with at least the constructor `#some` of x's type.
    Constraint c;
    for (auto& sub : e.elems)
      c.constructors[e.name.base].push_back(check(*sub));
    c.constructors.try_emplace(e.name.base);
    c.origin = "constructor `#" + e.name.base + "`";
    c.span = e.span;
    return tv_.fresh(e.span, std::move(c));
  }
  case Expr::Kind::Attributed:
    return check(*e.elems[0]);
  }
  return unsupported(e, "this expression");
}

TypeRef Checker::checkVar(Expr& e) {
  if (!e.name.qualifiers.empty())
    return checkQualified(e);
  const std::string& n = e.name.base;
  const ValueEntry* v = lookupValue(n);
  bool hidden = v && !inPrelude_ && isInternalName(n) && out_.bindings[v->uid].decl &&
                isPreludeFile(out_.bindings[v->uid].decl->span.file);
  if (v && !hidden) {
    e.name.uid = v->uid;
    TypeRef t = tv_.instantiate(v->scheme, e.span);
    const Binding& b = out_.bindings[v->uid];
    if (b.kind == Binding::Kind::TopLevel && b.decl)
      return instantiateSizes(t, *b.decl, e.span);
    return b.kind == Binding::Kind::LocalFunction ? stripSizeVars(t) : t;
  }
  if (inPrelude_ && isInternalName(n))
    if (auto it = intrinsicType(n)) {
      e.name.intrinsic = true;
      e.name.builtin = n;
      return tv_.instantiate(Scheme{it->type, it->typeVars}, e.span);
    }
  diags_.error(e.span, "unknown name `" + n + "`");
  return fresh(e.span);
}

// `r.x.y` parsed as a qualified name (field access on a variable) or `i32.lowest` (a member
// of a numeric namespace).
TypeRef Checker::checkQualified(Expr& e) {
  const auto& qs = e.name.qualifiers;
  if (const ValueEntry* v = lookupValue(qs[0])) {
    e.name.uid = v->uid;
    TypeRef t = tv_.instantiate(v->scheme, e.span);
    for (size_t i = 1; i < qs.size(); ++i)
      t = checkProject(t, qs[i], e.span);
    return checkProject(t, e.name.base, e.span);
  }
  auto ns = primFromName(qs[0]);
  auto member = ns && qs.size() == 1 ? namespaceMember(*ns, e.name.base) : std::nullopt;
  if (!member) {
    diags_.error(e.span, "unknown name `" + e.name.str() + "`");
    return fresh(e.span);
  }
  TypeRef generic;
  if (const ValueEntry* target = lookupValue(member->target)) {
    e.name.uid = target->uid;
    generic = tv_.instantiate(target->scheme, e.span);
  } else if (auto it = intrinsicType(member->target)) {
    e.name.intrinsic = true;
    e.name.builtin = member->target;
    generic = tv_.instantiate(Scheme{it->type, it->typeVars}, e.span);
  } else {
    internalError("checkQualified", "namespace member target `" + member->target + "` missing");
  }
  bool trusted = tv_.trustRigid;
  tv_.trustRigid = true; // the table only pairs members with types they exist at
  unify(member->type, generic, e.span);
  tv_.trustRigid = trusted;
  return member->type;
}

TypeRef Checker::builtinOpType(Expr& e, const std::string& op) {
  if (op == "|>" || op == "<|") {
    TypeRef a = fresh(e.span), b = fresh(e.span);
    TypeRef f = Type::function(a, b);
    return op == "|>" ? Type::function(a, Type::function(f, b))
                      : Type::function(f, Type::function(a, b));
  }
  auto info = builtinOp(op);
  if (!info) {
    diags_.error(e.name.span.known() ? e.name.span : e.span, "unknown operator `" + op + "`");
    return fresh(e.span);
  }
  Constraint c;
  c.prims = info->mask;
  c.origin = "operator `" + op + "`";
  c.span = e.name.span.known() ? e.name.span : e.span;
  TypeRef t = tv_.fresh(e.span, std::move(c));
  TypeRef r = info->boolResult ? Type::primitive(PrimType::Bool) : t;
  return Type::function(t, Type::function(t, r));
}

TypeRef Checker::checkBinOp(Expr& e) {
  const std::string& op = e.name.base;
  TypeRef ft;
  if (const ValueEntry* v = lookupValue(op)) { // user-defined operator or `f` in backticks
    e.name.uid = v->uid;
    ft = tv_.instantiate(v->scheme, e.span);
    const Binding& b = out_.bindings[v->uid];
    ft = b.kind == Binding::Kind::TopLevel && b.decl ? instantiateSizes(ft, *b.decl, e.span)
                                                     : stripSizeVars(ft);
  } else {
    ft = builtinOpType(e, op);
  }
  SizeContext left, right;
  if (e.name.uid >= 0) {
    left = SizeContext{op, argumentName(*e.elems[0], 0)};
    right = SizeContext{op, argumentName(*e.elems[1], 1)};
  }
  // `xs |> f a` calls `f` with `a` and `xs`: sizes are described as that call's.
  const Expr& fn = *e.elems[1];
  if (op == "|>" && e.name.uid < 0 && fn.kind == Expr::Kind::Apply)
    right = callContext(*fn.elems[0], *e.elems[0], fn.elems.size() - 1);
  TypeRef partial = applyTo(ft, *e.elems[0], e.span, left);
  return applyTo(partial, *e.elems[1], e.span, right);
}

TypeRef Checker::applyTo(TypeRef fn, Expr& arg, const SourceSpan& callSpan,
                         const SizeContext& ctx) {
  TypeRef argType = check(arg);
  TypeRef h = tv_.head(fn);
  if (h->kind == Type::Kind::Function) {
    tv_.sizeContext = ctx;
    unify(h->param, argType, arg.span);
    tv_.sizeContext = {};
    return h->paramName.empty() ? h->result : substituteNamedSize(h->result, h->paramName, arg);
  }
  if (TypeVars::isFlexible(*h)) {
    TypeRef r = fresh(callSpan);
    unify(fn, Type::function(argType, r), arg.span);
    return r;
  }
  diags_.error(arg.span, "cannot apply a value of type `" + tv_.zonk(h)->str() +
                             "` to an argument; it is not a function");
  return fresh(callSpan);
}

TypeRef Checker::checkApply(Expr& e) {
  TypeRef t = check(*e.elems[0]);
  for (size_t i = 1; i < e.elems.size(); ++i)
    t = applyTo(t, *e.elems[i], e.span, callContext(*e.elems[0], *e.elems[i], i - 1));
  return t;
}

TypeRef Checker::checkLambda(Expr& e) {
  size_t mark = valueMark();
  int firstUid = nextUid();
  TypeRef t = checkFunction(e.params, e.retTypeExp.get(), *e.elems[0]);
  popValues(mark);
  return escapeSizes(t, firstUid, e.span);
}

TypeRef Checker::checkLetFun(Expr& e) {
  size_t mark = valueMark();
  int firstUid = nextUid();
  tv_.enterLevel();
  anonymousSizeOwner_ = e.name.base;
  TypeRef t = checkFunction(e.params, e.retTypeExp.get(), *e.elems[0]);
  tv_.leaveLevel();
  popValues(mark);
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

TypeRef Checker::indexResult(const TypeRef& arrayType, std::vector<ast::DimIndex>& indices,
                             const SourceSpan& span) {
  // As in Futhark, an index or slice bound may have any integer type (internalisation
  // widens it to i64). One of a still unconstrained type (a lambda's parameter) is an integer
  // that defaults to i64; any other (a literal's) becomes i64.
  const TypeRef i64 = Type::primitive(PrimType::I64);
  auto checkIndexPart = [&](ast::Expr& part) {
    TypeRef t = check(part);
    TypeRef h = tv_.head(t);
    if (h->kind == Type::Kind::Prim && isInteger(h->prim))
      return;
    if (tv_.isUnconstrained(t))
      tv_.constrain(t, Constraint{integerMask(), PrimType::I64, {}, "an index", part.span, {}},
                    part.span);
    else
      unify(i64, t, part.span);
  };
  for (ast::DimIndex& ix : indices)
    for (ast::ExprPtr* part : {&ix.index, &ix.start, &ix.end, &ix.stride})
      if (*part)
        checkIndexPart(**part);
  TypeRef h = tv_.head(arrayType);
  if (TypeVars::isFlexible(*h)) {
    h = Type::array(fresh(span), std::vector<Size>(indices.size(), Size::unknown()));
    unify(h, arrayType, span);
  }
  if (h->kind != Type::Kind::Array) {
    diags_.error(span, "cannot index into a value of type `" + tv_.zonk(h)->str() + "`");
    return fresh(span);
  }
  if (indices.size() > h->shape.size()) {
    diags_.error(span, "too many indices (" + std::to_string(indices.size()) +
                           ") for a value of type `" + tv_.zonk(h)->str() + "`");
    return fresh(span);
  }
  std::vector<Size> shape;
  for (size_t i = 0; i < h->shape.size(); ++i)
    if (i >= indices.size())
      shape.push_back(h->shape[i]);
    else if (indices[i].isSlice)
      shape.push_back(Size::unknown());
  return Type::array(h->elem, std::move(shape));
}

TypeRef Checker::checkIndex(Expr& e) {
  TypeRef t = check(*e.elems[0]);
  return indexResult(t, e.indices, e.span);
}

TypeRef Checker::checkProject(const TypeRef& t, const std::string& field, const SourceSpan& span) {
  TypeRef h = tv_.head(t);
  if (h->kind == Type::Kind::Record) {
    for (const auto& f : h->fields)
      if (f.first == field)
        return f.second;
  } else if (h->kind == Type::Kind::Tuple && isDigits(field)) {
    size_t i = std::stoul(field);
    if (i < h->elems.size())
      return h->elems[i];
  } else if (TypeVars::isFlexible(*h)) {
    TypeRef ft = fresh(span);
    Constraint c;
    c.fields[field] = ft;
    c.origin = "field access `." + field + "`";
    c.span = span;
    tv_.constrain(h, std::move(c), span);
    return ft;
  }
  diags_.error(span, "type `" + tv_.zonk(h)->str() + "` has no field `" + field + "`");
  return fresh(span);
}

TypeRef Checker::checkRecordUpdate(Expr& e) {
  TypeRef r = check(*e.elems[0]);
  TypeRef t = r;
  for (const std::string& f : e.fieldPath)
    t = checkProject(t, f, e.span);
  unify(t, check(*e.elems[1]), e.elems[1]->span);
  return r;
}

TypeRef Checker::checkRange(Expr& e) {
  Constraint c;
  c.prims = integerMask();
  c.origin = "a range";
  c.span = e.span;
  TypeRef t = tv_.fresh(e.span, std::move(c));
  for (auto& sub : e.elems)
    if (sub)
      unify(t, check(*sub), sub->span);
  return Type::array(t, {Size::unknown()});
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
