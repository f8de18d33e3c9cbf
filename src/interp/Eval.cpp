// Evaluation of checked expressions, function application and calls.
#include "interp/Eval.h"

#include "sema/Builtins.h"

namespace fjord::interp {

using ast::Expr;

namespace {

TypeRef substituteVars(const TypeRef& t, const std::map<std::string, TypeRef>& s) {
  switch (t->kind) {
  case Type::Kind::Prim:
  case Type::Kind::Sum:
    return t;
  case Type::Kind::Var: {
    auto it = s.find(t->name);
    return it == s.end() ? t : it->second;
  }
  case Type::Kind::Array:
    return Type::array(substituteVars(t->elem, s), t->shape, t->unique);
  case Type::Kind::Tuple: {
    std::vector<TypeRef> elems;
    for (const TypeRef& e : t->elems)
      elems.push_back(substituteVars(e, s));
    return Type::tuple(std::move(elems));
  }
  case Type::Kind::Record: {
    auto fields = t->fields;
    for (auto& f : fields)
      f.second = substituteVars(f.second, s);
    return Type::record(std::move(fields));
  }
  case Type::Kind::Function:
    return Type::function(substituteVars(t->param, s), substituteVars(t->result, s),
                          t->paramName);
  case Type::Kind::Acc:
    return Type::accumulator(substituteVars(t->elem, s));
  }
  return t;
}

/// Binds the type variables of `generic` by matching it against `concrete`.
void matchTypes(const TypeRef& generic, const TypeRef& concrete,
                std::map<std::string, TypeRef>& out) {
  if (!generic || !concrete)
    return;
  switch (generic->kind) {
  case Type::Kind::Var:
    out.emplace(generic->name, concrete);
    return;
  case Type::Kind::Array:
    if (concrete->kind != Type::Kind::Array || concrete->shape.size() < generic->shape.size())
      return;
    matchTypes(generic->elem,
               Type::array(concrete->elem, std::vector<Size>(concrete->shape.begin() +
                                                                 generic->shape.size(),
                                                             concrete->shape.end())),
               out);
    return;
  case Type::Kind::Tuple:
    if (concrete->kind == Type::Kind::Tuple && concrete->elems.size() == generic->elems.size())
      for (size_t i = 0; i < generic->elems.size(); ++i)
        matchTypes(generic->elems[i], concrete->elems[i], out);
    return;
  case Type::Kind::Record:
    if (concrete->kind == Type::Kind::Record && concrete->fields.size() == generic->fields.size())
      for (size_t i = 0; i < generic->fields.size(); ++i)
        matchTypes(generic->fields[i].second, concrete->fields[i].second, out);
    return;
  case Type::Kind::Function:
    if (concrete->kind == Type::Kind::Function) {
      matchTypes(generic->param, concrete->param, out);
      matchTypes(generic->result, concrete->result, out);
    }
    return;
  case Type::Kind::Acc:
    if (concrete->kind == Type::Kind::Acc)
      matchTypes(generic->elem, concrete->elem, out);
    return;
  default:
    return;
  }
}

bool hasTypeVars(const Type& t) {
  switch (t.kind) {
  case Type::Kind::Var:
    return true;
  case Type::Kind::Array:
    return hasTypeVars(*t.elem);
  case Type::Kind::Tuple:
    for (const TypeRef& e : t.elems)
      if (hasTypeVars(*e))
        return true;
    return false;
  case Type::Kind::Record:
    for (const auto& f : t.fields)
      if (hasTypeVars(*f.second))
        return true;
    return false;
  case Type::Kind::Function:
    return hasTypeVars(*t.param) || hasTypeVars(*t.result);
  case Type::Kind::Acc:
    return hasTypeVars(*t.elem);
  default:
    return false;
  }
}

PrimType primOf(const TypeRef& t, const SourceSpan& span) {
  if (!t || t->kind != Type::Kind::Prim)
    throw RuntimeError{span, "internal: expected a primitive type, got `" +
                                 (t ? t->str() : std::string("?")) + "`"};
  return t->prim;
}

const Value* find(const Env& env, int uid) {
  for (const EnvNode* n = env.get(); n; n = n->next.get())
    if (n->uid == uid)
      return &n->value;
  return nullptr;
}

const Value& lookup(const Env& env, int uid, const SourceSpan& span) {
  if (const Value* v = find(env, uid))
    return *v;
  internalError("interp", "unbound uid " + std::to_string(uid) + " at " + span.str());
}

} // namespace

Value projectField(const Value& v, const std::string& field, const SourceSpan& span) {
  if (v.kind() == Value::Kind::Record)
    if (const Value* f = v.field(field))
      return *f;
  if (v.kind() == Value::Kind::Tuple) {
    size_t i = std::stoul(field);
    if (i < v.components().size())
      return v.components()[i];
  }
  internalError("interp", "no field `" + field + "` at " + span.str());
}

TypeRef Evaluator::resolve(const TypeRef& t, const TypeEnv& tenv) const {
  if (!t || !tenv || tenv->empty())
    return t;
  return substituteVars(t, *tenv);
}

Value Evaluator::makeClosure(Closure c) const {
  return Value::function(std::make_shared<const Closure>(std::move(c)));
}

Value Evaluator::literal(const Expr& e, const TypeEnv& tenv) {
  PrimType t = primOf(resolve(e.type, tenv), e.span);
  if (e.kind == Expr::Kind::FloatLit)
    return PrimValue::fromDouble(t, e.floatValue);
  if (isFloat(t))
    return PrimValue::floating(t, static_cast<double>(static_cast<int64_t>(e.intValue)));
  return PrimValue::fromInt(t, static_cast<int64_t>(e.intValue));
}

Value Evaluator::globalValue(const ast::Decl& d, const TypeRef& useType, const SourceSpan& span) {
  bool poly = d.type && hasTypeVars(*d.type);
  TypeEnv tenv;
  if (poly) {
    auto m = std::make_shared<std::map<std::string, TypeRef>>();
    matchTypes(d.type, useType, *m);
    tenv = m;
  }
  if (!d.params.empty()) {
    Closure c;
    c.kind = Closure::Kind::Decl;
    c.decl = &d;
    c.tenv = tenv;
    c.arity = d.params.size();
    c.span = d.span;
    return makeClosure(std::move(c));
  }
  if (!poly)
    if (auto it = constants_.find(d.name.uid); it != constants_.end())
      return it->second;
  Value v = callDecl(d, {}, tenv, span);
  if (!poly)
    constants_[d.name.uid] = v;
  return v;
}

Value Evaluator::evalVar(const Expr& e, const Env& env, const TypeEnv& tenv) {
  const ast::Name& n = e.name;
  if (n.intrinsic) {
    TypeRef t = resolve(e.type, tenv);
    Closure c;
    c.kind = Closure::Kind::Intrinsic;
    c.name = n.builtin;
    c.type = t;
    c.arity = intrinsicArity(n.builtin);
    c.span = e.span;
    if (c.arity == 0)
      return callIntrinsic(*this, c, e.span);
    return makeClosure(std::move(c));
  }
  const sema::Binding& b = prog_.bindings.at(n.uid);
  // `r.x.y` parsed as a qualified name: field access on the variable `r`.
  if (!n.qualifiers.empty() && b.name == n.qualifiers[0]) {
    Value v = b.kind == sema::Binding::Kind::TopLevel ? globalValue(*b.decl, b.type, e.span)
                                                      : lookup(env, n.uid, e.span);
    for (size_t i = 1; i < n.qualifiers.size(); ++i)
      v = projectField(v, n.qualifiers[i], e.span);
    return projectField(v, n.base, e.span);
  }
  if (b.kind == sema::Binding::Kind::TopLevel)
    return globalValue(*b.decl, resolve(e.type, tenv), e.span);
  // The interpreter reads a size parameter from the shapes of the arguments; one that only
  // the type of a function parameter mentions (`def f [n] (g: [n]i32 -> i32)`) would need
  // the size that the call instantiated it with.
  if (b.kind == sema::Binding::Kind::SizeParam && !find(env, n.uid))
    throw RuntimeError{e.span, "the size parameter `" + n.base + "` is not supported yet "
                               "here: no argument's shape gives it (only the type of a "
                               "function parameter mentions it)"};
  return lookup(env, n.uid, e.span);
}

Value Evaluator::eval(const Expr& e, const Env& env, const TypeEnv& tenv) {
  switch (e.kind) {
  case Expr::Kind::IntLit:
  case Expr::Kind::FloatLit:
  case Expr::Kind::CharLit:
    return literal(e, tenv);
  case Expr::Kind::BoolLit:
    return PrimValue::boolean(e.boolValue);
  case Expr::Kind::StringLit: {
    std::vector<Value> bytes;
    for (unsigned char ch : e.text)
      bytes.emplace_back(PrimValue::integer(PrimType::U8, ch));
    int64_t n = static_cast<int64_t>(bytes.size());
    return Value::array({n}, std::move(bytes));
  }
  case Expr::Kind::Var:
    return evalVar(e, env, tenv);
  case Expr::Kind::Tuple: {
    if (e.elems.size() == 1)
      return eval(*e.elems[0], env, tenv);
    std::vector<Value> vs;
    for (const auto& sub : e.elems)
      vs.push_back(eval(*sub, env, tenv));
    return Value::tuple(std::move(vs));
  }
  case Expr::Kind::Record: {
    std::vector<std::pair<std::string, Value>> fs;
    for (const auto& [name, sub] : e.fields)
      fs.emplace_back(name, eval(*sub, env, tenv));
    return Value::record(std::move(fs));
  }
  case Expr::Kind::ArrayLit: {
    std::vector<Value> rows;
    for (const auto& sub : e.elems)
      rows.push_back(eval(*sub, env, tenv));
    TypeRef t = resolve(e.type, tenv);
    std::vector<int64_t> rowShape(t && t->kind == Type::Kind::Array ? t->shape.size() - 1 : 0, 0);
    for (size_t d = 0; d < rowShape.size(); ++d) // `[] : [0][1]i32`: constant row sizes
      if (t->shape[d + 1].kind == Size::Kind::Const)
        rowShape[d] = t->shape[d + 1].value;
    Value out;
    if (!Value::fromRows(rows, rowShape, out))
      throw RuntimeError{e.span, "array literal has rows of different sizes"};
    return out;
  }
  case Expr::Kind::Range:
    return evalRange(e, env, tenv);
  case Expr::Kind::Project:
    return projectField(eval(*e.elems[0], env, tenv), e.field, e.span);
  case Expr::Kind::Index:
    return index(eval(*e.elems[0], env, tenv), e.indices, env, tenv, e.span);
  case Expr::Kind::Apply: {
    Value f = eval(*e.elems[0], env, tenv);
    for (size_t i = 1; i < e.elems.size(); ++i)
      f = apply(f, eval(*e.elems[i], env, tenv), e.span);
    return withStaticShape(f, e.type, env);
  }
  case Expr::Kind::BinOp:
    return withStaticShape(evalBinOp(e, env, tenv), e.type, env);
  case Expr::Kind::Negate: {
    Value v = eval(*e.elems[0], env, tenv);
    return negate(v.prim());
  }
  case Expr::Kind::Not:
    return logicalNot(eval(*e.elems[0], env, tenv).prim());
  case Expr::Kind::Lambda: {
    Closure c;
    c.kind = Closure::Kind::Lambda;
    c.expr = &e;
    c.env = env;
    c.tenv = tenv;
    c.arity = e.params.size();
    c.span = e.span;
    return makeClosure(std::move(c));
  }
  case Expr::Kind::OpSection: {
    Value f;
    if (e.name.uid >= 0) {
      const sema::Binding& b = prog_.bindings.at(e.name.uid);
      f = b.kind == sema::Binding::Kind::TopLevel ? globalValue(*b.decl, resolve(e.type, tenv), e.span)
                                                  : lookup(env, e.name.uid, e.span);
    } else {
      Closure c;
      c.kind = Closure::Kind::Operator;
      c.name = e.name.base;
      c.arity = 2;
      c.span = e.span;
      f = makeClosure(std::move(c));
    }
    if (e.elems.size() > 0 && e.elems[0])
      f = apply(f, eval(*e.elems[0], env, tenv), e.span);
    if (e.elems.size() > 1 && e.elems[1]) {
      Closure c;
      c.kind = Closure::Kind::FlipRight;
      c.inner = f;
      c.extra = eval(*e.elems[1], env, tenv);
      c.span = e.span;
      f = makeClosure(std::move(c));
    }
    return f;
  }
  case Expr::Kind::FieldSection: {
    Closure c;
    c.kind = Closure::Kind::Project;
    c.fieldPath = e.fieldPath;
    c.span = e.span;
    return makeClosure(std::move(c));
  }
  case Expr::Kind::IndexSection: {
    Closure c;
    c.kind = Closure::Kind::IndexSection;
    c.expr = &e;
    c.env = env;
    c.tenv = tenv;
    c.span = e.span;
    return makeClosure(std::move(c));
  }
  case Expr::Kind::LetIn: {
    Value v = eval(*e.elems[0], env, tenv);
    Env inner = env;
    bindPattern(*e.pattern, v, inner, tenv);
    return eval(*e.elems[1], inner, tenv);
  }
  case Expr::Kind::LetFun: {
    Closure c;
    c.kind = Closure::Kind::LetFun;
    c.expr = &e;
    c.env = env;
    c.tenv = tenv;
    c.arity = e.params.size();
    c.span = e.span;
    Value f = e.params.empty() ? eval(*e.elems[0], env, tenv) : makeClosure(std::move(c));
    return eval(*e.elems[1], extend(env, e.name.uid, f), tenv);
  }
  case Expr::Kind::LetWith: {
    Value arr = lookup(env, e.name.uid, e.span);
    Value v = eval(*e.elems[0], env, tenv);
    Value updated = update(arr, e.indices, v, env, tenv, e.span);
    return eval(*e.elems[1], extend(env, e.boundUid, updated), tenv);
  }
  case Expr::Kind::Update: {
    Value arr = eval(*e.elems[0], env, tenv);
    Value v = eval(*e.elems[1], env, tenv);
    return update(arr, e.indices, v, env, tenv, e.span);
  }
  case Expr::Kind::FlatIndex:
  case Expr::Kind::FlatUpdate:
    return flatSlice(e, env, tenv);
  case Expr::Kind::RecordUpdate: {
    Value r = eval(*e.elems[0], env, tenv);
    Value v = eval(*e.elems[1], env, tenv);
    // Rebuild along the path, innermost first.
    std::vector<Value> path{r};
    for (size_t i = 0; i + 1 < e.fieldPath.size(); ++i)
      path.push_back(projectField(path.back(), e.fieldPath[i], e.span));
    for (size_t i = e.fieldPath.size(); i-- > 0;) {
      const Value& outer = path[i];
      if (outer.kind() == Value::Kind::Tuple) { // `r with inner.1 = v`: a tuple's field
        std::vector<Value> comps = outer.components();
        comps.at(std::stoul(e.fieldPath[i])) = v;
        v = Value::tuple(std::move(comps));
        continue;
      }
      std::vector<std::pair<std::string, Value>> fs;
      for (size_t j = 0; j < outer.components().size(); ++j) {
        const std::string& name = outer.fieldNames()[j];
        fs.emplace_back(name, name == e.fieldPath[i] ? v : outer.components()[j]);
      }
      v = Value::record(std::move(fs));
    }
    return v;
  }
  case Expr::Kind::If:
    return eval(*e.elems[0], env, tenv).prim().asBool() ? eval(*e.elems[1], env, tenv)
                                                        : eval(*e.elems[2], env, tenv);
  case Expr::Kind::Match: {
    Value v = eval(*e.elems[0], env, tenv);
    for (const ast::MatchCase& c : e.cases) {
      Env inner = env;
      if (bindPattern(*c.pattern, v, inner, tenv))
        return eval(*c.body, inner, tenv);
    }
    throw RuntimeError{e.span, "no case of this `match` matches the value"};
  }
  case Expr::Kind::Loop:
    return evalLoop(e, env, tenv);
  case Expr::Kind::Ascribe:
  case Expr::Kind::Coerce: {
    Value v = eval(*e.elems[0], env, tenv);
    Env scratch = env;
    checkSizes(*e.typeExp, v, scratch, /*bindNew=*/false, e.span);
    return v;
  }
  case Expr::Kind::Assert: {
    if (!eval(*e.elems[0], env, tenv).prim().asBool()) {
      const SourceSpan& s = e.elems[0]->span;
      std::string text;
      if (s.known() && s.endLine == s.line)
        text = s.file->lineText(s.line).substr(s.col - 1, s.endCol - s.col);
      throw RuntimeError{e.span, "assertion failed" + (text.empty() ? "" : ": `" + text + "`")};
    }
    return eval(*e.elems[1], env, tenv);
  }
  case Expr::Kind::Attributed:
    return eval(*e.elems[0], env, tenv);
  case Expr::Kind::Hole:
    throw RuntimeError{e.span, "typed hole `???` evaluated"};
  case Expr::Kind::Constructor: {
    std::vector<Value> payload;
    for (const auto& sub : e.elems)
      payload.push_back(eval(*sub, env, tenv));
    return Value::constructor(e.name.base, std::move(payload));
  }
  }
  throw RuntimeError{e.span, "this expression is not supported yet"};
}

Value Evaluator::evalBinOp(const Expr& e, const Env& env, const TypeEnv& tenv) {
  const std::string& op = e.name.base;
  if (e.name.uid >= 0 || e.name.intrinsic) {
    Expr fnRef(Expr::Kind::Var, e.span);
    fnRef.name = e.name;
    fnRef.type = Type::function(e.elems[0]->type, Type::function(e.elems[1]->type, e.type));
    Value f = evalVar(fnRef, env, tenv);
    f = apply(f, eval(*e.elems[0], env, tenv), e.span);
    return apply(f, eval(*e.elems[1], env, tenv), e.span);
  }
  if (op == "|>") {
    Value x = eval(*e.elems[0], env, tenv);
    return apply(eval(*e.elems[1], env, tenv), x, e.span);
  }
  if (op == "<|") {
    Value f = eval(*e.elems[0], env, tenv);
    return apply(f, eval(*e.elems[1], env, tenv), e.span);
  }
  Value a = eval(*e.elems[0], env, tenv);
  if (op == "&&" && !a.prim().asBool())
    return a;
  if (op == "||" && a.prim().asBool())
    return a;
  Value b = eval(*e.elems[1], env, tenv);
  if (op == "==" || op == "!=") {
    if (a.kind() != Value::Kind::Prim)
      return PrimValue::boolean((a == b) == (op == "=="));
  }
  return binaryOp(op, a.prim(), b.prim(), e.name.span.known() ? e.name.span : e.span);
}

Value Evaluator::evalRange(const Expr& e, const Env& env, const TypeEnv& tenv) {
  PrimValue start = eval(*e.elems[0], env, tenv).prim();
  PrimValue end = eval(*e.elems.back(), env, tenv).prim();
  PrimType t = start.type;
  bool uns = isUnsigned(t);
  auto num = [&](const PrimValue& p) { return uns ? static_cast<int64_t>(p.bits) : p.asSigned(); };
  int64_t s = num(start), stop = num(end);
  int64_t step = e.kind == Expr::Kind::Range && e.rangeKind == Expr::RangeKind::DownToExclusive ? -1 : 1;
  if (e.rangeHasStep)
    step = num(eval(*e.elems[1], env, tenv).prim()) - s;
  bool valid = step != 0;
  if (e.rangeKind == Expr::RangeKind::DownToExclusive)
    valid = valid && step < 0 && s >= stop;
  else if (e.rangeKind == Expr::RangeKind::UpToExclusive)
    valid = valid && step > 0 && s <= stop;
  else
    valid = valid && (step > 0 ? s <= stop + 1 : s >= stop - 1);
  if (!valid) {
    // Spelled as written, with the values: `5...1`, `0..2..<5` (as Futhark reports it).
    const char* op = e.rangeKind == Expr::RangeKind::UpToInclusive     ? "..."
                     : e.rangeKind == Expr::RangeKind::UpToExclusive ? "..<"
                                                                     : "..>";
    std::string second = e.rangeHasStep ? ".." + std::to_string(s + step) : std::string();
    throw RuntimeError{e.span, "range " + std::to_string(s) + second + op +
                                   std::to_string(stop) + " is invalid"};
  }
  std::vector<Value> out;
  for (int64_t x = s;; x += step) {
    bool inside = e.rangeKind == Expr::RangeKind::UpToInclusive
                      ? (step > 0 ? x <= stop : x >= stop)
                      : (step > 0 ? x < stop : x > stop);
    if (!inside)
      break;
    out.emplace_back(PrimValue::integer(t, static_cast<uint64_t>(x)));
  }
  int64_t n = static_cast<int64_t>(out.size());
  return Value::array({n}, std::move(out));
}

Value Evaluator::evalLoop(const Expr& e, const Env& env, const TypeEnv& tenv) {
  Value acc = eval(*e.elems[0], env, tenv);
  const ast::LoopForm& form = e.loopForm;
  auto step = [&](Env inner) {
    bindPattern(*e.pattern, acc, inner, tenv);
    return inner;
  };
  switch (form.kind) {
  case ast::LoopForm::Kind::For: {
    PrimValue bound = eval(*form.bound, env, tenv).prim();
    int64_t n = isUnsigned(bound.type) ? static_cast<int64_t>(bound.bits) : bound.asSigned();
    for (int64_t i = 0; i < n; ++i) {
      Env inner = extend(step(env), form.iterator.uid,
                         PrimValue::integer(bound.type, static_cast<uint64_t>(i)));
      acc = eval(*e.elems[1], inner, tenv);
    }
    return acc;
  }
  case ast::LoopForm::Kind::ForIn: {
    Value xs = eval(*form.bound, env, tenv);
    for (int64_t i = 0; i < xs.rows(); ++i) {
      Env inner = step(env);
      bindPattern(*form.element, xs.row(i), inner, tenv);
      acc = eval(*e.elems[1], inner, tenv);
    }
    return acc;
  }
  case ast::LoopForm::Kind::While:
    for (;;) {
      Env inner = step(env);
      if (!eval(*form.bound, inner, tenv).prim().asBool())
        return acc;
      acc = eval(*e.elems[1], inner, tenv);
    }
  }
  return acc;
}

Value Evaluator::apply(const Value& fn, const Value& arg, const SourceSpan& span) {
  const Closure& c = fn.closure();
  Closure next = c;
  next.args.push_back(arg);
  if (next.args.size() < next.arity)
    return makeClosure(std::move(next));
  return invoke(next, span);
}

Value Evaluator::runFunction(const std::vector<ast::PatternPtr>& params, const ast::TypeExp* ret,
                             const Expr& body, const std::vector<Value>& args, Env env,
                             const TypeEnv& tenv) {
  for (size_t i = 0; i < params.size(); ++i)
    bindPattern(*params[i], args[i], env, tenv);
  Value result = eval(body, env, tenv);
  if (ret)
    checkSizes(*ret, result, env, /*bindNew=*/false, body.span);
  return result;
}

Value Evaluator::callDecl(const ast::Decl& d, const std::vector<Value>& args, const TypeEnv& tenv,
                          const SourceSpan& span) {
  return runFunction(d.params, d.retTypeExp.get(), *d.body, args, nullptr, tenv);
}

Value Evaluator::invoke(const Closure& c, const SourceSpan& span) {
  switch (c.kind) {
  case Closure::Kind::Decl:
    return callDecl(*c.decl, c.args, c.tenv, span);
  case Closure::Kind::LetFun:
  case Closure::Kind::Lambda:
    return runFunction(c.expr->params, c.expr->retTypeExp.get(), *c.expr->elems[0], c.args, c.env,
                       c.tenv);
  case Closure::Kind::Intrinsic:
    return callIntrinsic(*this, c, span);
  case Closure::Kind::Operator: {
    const Value &a = c.args[0], &b = c.args[1];
    if ((c.name == "==" || c.name == "!=") && a.kind() != Value::Kind::Prim)
      return PrimValue::boolean((a == b) == (c.name == "=="));
    if (c.name == "|>")
      return apply(b, a, span);
    if (c.name == "<|")
      return apply(a, b, span);
    return binaryOp(c.name, a.prim(), b.prim(), span);
  }
  case Closure::Kind::FlipRight:
    return apply(apply(c.inner, c.args[0], span), c.extra, span);
  case Closure::Kind::Project: {
    Value v = c.args[0];
    for (const std::string& f : c.fieldPath)
      v = projectField(v, f, c.span);
    return v;
  }
  case Closure::Kind::IndexSection:
    return index(c.args[0], c.expr->indices, c.env, c.tenv, c.span);
  }
  return c.args[0];
}

size_t intrinsicArity(const std::string& name) {
  auto it = sema::intrinsicType(name);
  if (!it)
    internalError("interp", "unknown intrinsic `" + name + "`");
  size_t n = 0;
  for (TypeRef t = it->type; t->kind == Type::Kind::Function; t = t->result)
    ++n;
  return n;
}

} // namespace fjord::interp
