// Type inference for expressions: the dispatcher over expression kinds and the simple forms
// (literals, variables, tuples, records, ranges, `let`, `if`, ascriptions, constructors).
// Application and operators are in CheckApply.cpp, indexing and fields in CheckAccess.cpp,
// lambdas, local functions, `match` and loops in CheckBinding.cpp.
#include "sema/Builtins.h"
#include "sema/Checker.h"
#include "support/Suggest.h"

namespace fjord::sema {

using ast::Expr;

namespace {

bool isInternalName(const std::string& n) { return n.rfind("__", 0) == 0; }

/// The names of `entries` (a scope stack), innermost first: the order suggestions prefer.
template <typename Entries> std::vector<std::string> namesInScope(const Entries& entries) {
  std::vector<std::string> names;
  for (auto it = entries.rbegin(); it != entries.rend(); ++it)
    names.push_back(it->name);
  return names;
}

/// `ns.m` for every member `m` of the namespace `ns`.
std::vector<std::string> qualifiedMembers(PrimType ns) {
  std::vector<std::string> names;
  for (const std::string& m : namespaceMemberNames(ns))
    names.push_back(std::string(primName(ns)) + "." + m);
  return names;
}

} // namespace

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
      if (s.kind == Size::Kind::Var || s.kind == Size::Kind::Expr)
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
  case Type::Kind::Acc: {
    auto r = std::make_shared<Type>(*Type::accumulator(stripSizeVars(t->elem)));
    r->unique = t->unique;
    return r;
  }
  }
  return t;
}

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
  case Expr::Kind::LetIn:
    return checkLetIn(e);
  case Expr::Kind::LetFun:
    return checkLetFun(e);
  case Expr::Kind::LetWith: {
    const ValueEntry* src = lookupValue(e.name.base);
    if (!src) {
      diags_.error(e.name.span, "unknown name `" + e.name.base + "`" +
                                    didYouMean(e.name.base, namesInScope(values_)));
      return fresh(e.span);
    }
    e.name.uid = src->uid;
    TypeRef arrayType = tv_.instantiate(src->scheme, e.span);
    TypeRef target = indexResult(arrayType, e.indices, e.span, /*sizedSlices=*/false);
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
    TypeRef target = indexResult(arrayType, e.indices, e.span, /*sizedSlices=*/false);
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
  case Expr::Kind::Hole: // any type: inference (or an ascription) decides it
    return fresh(e.span);
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
    std::map<std::string, TypeRef> sub;
    TypeRef t = tv_.instantiate(v->scheme, e.span, sub);
    const Binding& b = out_.bindings[v->uid];
    if (b.kind == Binding::Kind::TopLevel && b.decl) {
      noteValueTypeParams(*b.decl, sub, e.span);
      return instantiateSizes(t, *b.decl, e.span);
    }
    return b.kind == Binding::Kind::LocalFunction ? stripSizeVars(t) : t;
  }
  if (inPrelude_ && isInternalName(n))
    if (auto it = intrinsicType(n)) {
      e.name.intrinsic = true;
      e.name.builtin = n;
      return tv_.instantiate(Scheme{it->type, it->typeVars}, e.span);
    }
  // `f23.sqrt` is parsed as a field of `f23`: the namespaces are candidates too.
  std::vector<std::string> candidates = namesInScope(values_);
  for (const std::string& prim : primTypeNames())
    candidates.push_back(prim);
  diags_.error(e.span, "unknown name `" + n + "`" + didYouMean(n, candidates));
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
  if (qs.size() == 1 && qs[0] == "intrinsics") { // Futhark's own intrinsics
    auto target = publicIntrinsic(e.name.base);
    auto it = target ? intrinsicType(*target) : std::nullopt;
    if (!it) {
      diags_.unsupported(e.span, "`" + e.name.str() + "`");
      return fresh(e.span);
    }
    e.name.intrinsic = true;
    e.name.builtin = *target;
    return tv_.instantiate(Scheme{it->type, it->typeVars}, e.span);
  }
  auto ns = primFromName(qs[0]);
  auto member = ns && qs.size() == 1 ? namespaceMember(*ns, e.name.base) : std::nullopt;
  if (!member) {
    // `f32.sqrtt`: the members of that namespace; `f23.sqrt`, `rec.x` (with `recd` bound):
    // the namespaces and the names in scope, with the rest of the name kept.
    std::vector<std::string> candidates;
    std::string rest = e.name.str().substr(qs[0].size());
    if (ns && qs.size() == 1) {
      candidates = qualifiedMembers(*ns);
    } else {
      for (const std::string& prim : primTypeNames())
        candidates.push_back(prim + rest);
      for (const std::string& v : namesInScope(values_))
        candidates.push_back(v + rest);
    }
    diags_.error(e.span, "unknown name `" + e.name.str() + "`" +
                             didYouMean(e.name.str(), candidates));
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

} // namespace fjord::sema
