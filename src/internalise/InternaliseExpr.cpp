// Internalisation of expressions: literals, variables, operators, let, if, loops, indexing,
// records and tuples, and function application by inlining.
#include "internalise/Internaliser.h"

#include "ir/Traverse.h"
#include "support/Half.h"

#include <algorithm>
#include <functional>
#include <map>
#include <set>

namespace fjord::internalise {

using ir::BinOpKind;
using ir::CmpOpKind;
using ir::SubExp;
using ir::VName;
using K = ast::Expr::Kind;

namespace {

ir::BasicOp basic(ir::BasicOp::Kind k) {
  ir::BasicOp op;
  op.kind = k;
  return op;
}

} // namespace

size_t Internaliser::arityOf(const TypeRef& t) const {
  size_t n = 0;
  for (TypeRef r = t; r && r->kind == Type::Kind::Function; r = r->result)
    ++n;
  return n;
}

Value Internaliser::closureValue(const std::vector<ast::PatternPtr>& params,
                                 const ast::Expr& body, const ast::Decl* decl, const Env& env,
                                 TypeRef type, std::string name) {
  auto f = std::make_shared<FunValue>();
  f->kind = FunValue::Kind::Closure;
  f->params = &params;
  f->body = &body;
  f->decl = decl;
  f->env = std::make_shared<Env>(env);
  f->type = std::move(type);
  f->name = std::move(name);
  f->arity = params.size();
  Value v;
  v.kind = Value::Kind::Fun;
  v.fun = std::move(f);
  return v;
}

Value Internaliser::literal(const ast::Expr& e, Env& env) {
  ir::PrimType t = primOf(e.type, env, e.span);
  switch (e.kind) {
  case K::BoolLit:
    return Value::of(ir::PrimValue::boolean(e.boolValue));
  case K::FloatLit:
    return Value::of(floatConstant(t, e.floatValue));
  default: // IntLit, CharLit: an integer literal may also have a float type
    if (isFloat(t))
      return Value::of(floatConstant(t, static_cast<double>(static_cast<int64_t>(e.intValue))));
    return Value::of(ir::PrimValue::integer(t, static_cast<int64_t>(e.intValue)));
  }
}

Value Internaliser::var(const ast::Expr& e, Env& env) {
  const ast::Name& n = e.name;
  if (n.intrinsic) {
    auto f = std::make_shared<FunValue>();
    f->kind = FunValue::Kind::Intrinsic;
    f->name = n.builtin.empty() ? n.base : n.builtin;
    f->type = resolve(e.type, env);
    f->arity = arityOf(f->type);
    Value v;
    v.kind = Value::Kind::Fun;
    v.fun = f;
    if (f->arity == 0) {
      std::vector<Arg> none;
      return intrinsic(*f, none, e.span);
    }
    return v;
  }
  if (n.uid < 0)
    unsupported(e.span, "the name `" + n.str() + "` here");
  const sema::Binding& b = checked_.bindings.at(static_cast<size_t>(n.uid));
  // `r.x.y`: a field access on a variable (qualifiers[0] is the variable).
  bool fieldAccess = !n.qualifiers.empty() && b.name == n.qualifiers[0];
  Value v;
  auto it = env.vars.find(n.uid);
  if (it != env.vars.end()) {
    v = it->second;
  } else if (b.kind == sema::Binding::Kind::TopLevel && b.decl) {
    const ast::Decl& d = *b.decl;
    if (d.params.empty()) { // a constant: inline its definition
      Env top;
      std::string hint = std::move(hint_);
      v = expr(*d.body, top);
      hint_ = std::move(hint);
    } else {
      v = closureValue(d.params, *d.body, &d, Env{}, resolve(e.type, env), d.name.base);
    }
  } else {
    unsupported(e.span, "the name `" + n.str() + "` here");
  }
  if (fieldAccess) {
    for (size_t i = 1; i < n.qualifiers.size(); ++i)
      v = project(v, n.qualifiers[i], e.span);
    v = project(v, n.base, e.span);
  }
  return v;
}

Value Internaliser::project(const Value& v, const std::string& field, const SourceSpan& span) const {
  if (v.kind == Value::Kind::Record) {
    for (size_t i = 0; i < v.fields.size(); ++i)
      if (v.fields[i] == field)
        return v.elems[i];
  } else if (v.kind == Value::Kind::Tuple && !field.empty() &&
             std::all_of(field.begin(), field.end(), ::isdigit)) {
    size_t i = std::stoul(field);
    if (i < v.elems.size())
      return v.elems[i];
  }
  throw Unsupported{span, "projecting field `" + field + "` here"};
}

Value Internaliser::builtinBinOp(const std::string& name, ir::PrimType t, const Value& x,
                                 const Value& y, const SourceSpan& span) {
  const SourceOperator* o = findSourceOperator(name);
  if (!o)
    unsupported(span, "operator `" + name + "`");
  SubExp a = leaves(x, span).at(0), b = leaves(y, span).at(0);
  if (o->cmp)
    return Value::of(b_->cmpOp(o->cmpKind, t, a, b, "cmp"));
  BinOpKind k = o->bin;
  if (t == PrimType::Bool && (k == BinOpKind::LogAnd || k == BinOpKind::LogOr))
    return Value::of(b_->binOp(k, t, a, b, "cond"));
  bool divides = k == BinOpKind::Div || k == BinOpKind::Mod || k == BinOpKind::Quot ||
                 k == BinOpKind::Rem;
  if (divides && isInteger(t) && (b.isVar() || b.constant().i == 0)) {
    // Integer division by zero is a run-time error, checked like an index.
    SubExp nonzero = b_->cmpOp(CmpOpKind::Ne, t, b, ir::PrimValue::integer(t, 0), "nonzero");
    b_->assertion(nonzero, "division by zero at " + location(span), site(span));
  }
  return Value::of(b_->binOp(k, t, a, b, "t"));
}

Value Internaliser::binOp(const ast::Expr& e, Env& env) {
  const std::string& op = e.name.base;
  if (e.name.uid >= 0 || e.name.intrinsic) {
    ast::Expr fnExpr(K::Var, e.name.span);
    fnExpr.name = e.name;
    fnExpr.type = Type::function(e.elems[0]->type, Type::function(e.elems[1]->type, e.type));
    Value f = var(fnExpr, env);
    Value x = expr(*e.elems[0], env), y = expr(*e.elems[1], env);
    return apply(f, {Arg{x, resolve(e.elems[0]->type, env)}, Arg{y, resolve(e.elems[1]->type, env)}},
                 e.span);
  }
  if (op == "|>" || op == "<|") {
    const ast::Expr& argE = op == "|>" ? *e.elems[0] : *e.elems[1];
    const ast::Expr& fnE = op == "|>" ? *e.elems[1] : *e.elems[0];
    Value a = expr(argE, env);
    Value f = expr(fnE, env);
    return apply(f, {Arg{a, resolve(argE.type, env)}}, e.span);
  }
  if (op == "&&" || op == "||") {
    // Short-circuit: the right operand runs only when needed (it may index out of bounds).
    SubExp x = leaves(expr(*e.elems[0], env), e.span).at(0);
    ir::Body rhs = inBody([&] { return leaves(expr(*e.elems[1], env), e.span); });
    bool cheap = std::all_of(rhs.stms.begin(), rhs.stms.end(), [](const ir::Stm& st) {
      return std::holds_alternative<ir::BasicOp>(st.exp) && !ir::mayFail(st.exp);
    });
    if (cheap) {
      for (ir::Stm& st : rhs.stms)
        b_->add(std::move(st));
      return Value::of(b_->binOp(op == "&&" ? BinOpKind::LogAnd : BinOpKind::LogOr,
                                 PrimType::Bool, x, rhs.result.at(0), "cond"));
    }
    ir::If iff;
    iff.cond = x;
    iff.types = {ir::Type::prim(PrimType::Bool)};
    ir::Body shortcut{{}, {ir::PrimValue::boolean(op == "||")}};
    iff.thenBody = op == "&&" ? rhs : shortcut;
    iff.elseBody = op == "&&" ? shortcut : rhs;
    return Value::of(b_->let1("cond", iff));
  }
  TypeRef lt = resolve(e.elems[0]->type, env);
  if ((op == "==" || op == "!=") && lt && lt->kind != Type::Kind::Prim) {
    // Structural equality of tuples, records, sum values and arrays.
    Value x = expr(*e.elems[0], env);
    Value y = expr(*e.elems[1], env);
    SubExp eq = equal(lt, x, y, e.span);
    return Value::of(op == "==" ? eq : b_->unOp(ir::UnOpKind::Not, PrimType::Bool, eq, "ne"));
  }
  ir::PrimType t = primOf(e.elems[0]->type, env, e.span);
  Value x = expr(*e.elems[0], env);
  Value y = expr(*e.elems[1], env);
  return builtinBinOp(op, t, x, y, e.span);
}

Value Internaliser::apply(const Value& fn, std::vector<Arg> args, const SourceSpan& span) {
  if (fn.kind != Value::Kind::Fun)
    unsupported(span, "applying a non-function value");
  const FunValue& f = *fn.fun;
  std::vector<Arg> all = f.args;
  size_t need = f.arity - f.args.size();
  size_t take = std::min(need, args.size());
  all.insert(all.end(), args.begin(), args.begin() + static_cast<long>(take));
  if (take < need) { // partial application
    auto g = std::make_shared<FunValue>(f);
    g->args = std::move(all);
    Value v;
    v.kind = Value::Kind::Fun;
    v.fun = std::move(g);
    return v;
  }
  Value r = applyFull(f, std::move(all), span);
  if (take < args.size())
    return apply(r, std::vector<Arg>(args.begin() + static_cast<long>(take), args.end()), span);
  return r;
}

Value Internaliser::applyFull(const FunValue& f, std::vector<Arg> args, const SourceSpan& span) {
  SourceSpan outerSite = userSpan_;
  if (span.known() && !sema::isPreludeFile(span.file))
    userSpan_ = span;
  Value result;
  switch (f.kind) {
  case FunValue::Kind::Intrinsic:
    result = intrinsic(f, args, span);
    break;
  case FunValue::Kind::Op: {
    TypeRef p = f.type && f.type->kind == Type::Kind::Function ? f.type->param : nullptr;
    Env none;
    TypeRef pt = p ? p : args[0].type;
    if ((f.name == "==" || f.name == "!=") && pt && pt->kind != Type::Kind::Prim) {
      SubExp eq = equal(pt, args[0].value, args[1].value, span);
      result = Value::of(f.name == "==" ? eq : b_->unOp(ir::UnOpKind::Not, PrimType::Bool, eq, "ne"));
      break;
    }
    result = builtinBinOp(f.name, primOf(p ? p : args[0].type, none, span), args[0].value,
                          args[1].value, span);
    break;
  }
  case FunValue::Kind::RightSection: {
    if (f.sectionFn) {
      Value op;
      op.kind = Value::Kind::Fun;
      op.fun = f.sectionFn;
      result = apply(op, {args.at(0), f.section.at(0)}, span);
      break;
    }
    TypeRef p = f.type && f.type->kind == Type::Kind::Function ? f.type->param : nullptr;
    Env none;
    result = builtinBinOp(f.name, primOf(p ? p : args[0].type, none, span), args[0].value,
                          f.section.at(0).value, span);
    break;
  }
  case FunValue::Kind::IndexSection: {
    Env env = *f.env;
    const ast::Expr& sec = *f.indexSection;
    std::vector<SubExp> ls = leaves(args.at(0).value, sec.span);
    if (ls.empty() || !typeOf(ls[0]).isArray())
      unsupported(sec.span, "indexing a non-array");
    result = indexValue(args[0].value, slice(sec.indices, typeOf(ls[0]), env, sec.span));
    break;
  }
  case FunValue::Kind::Field: {
    result = args.at(0).value;
    for (const std::string& fld : f.fieldPath)
      result = project(result, fld, span);
    break;
  }
  case FunValue::Kind::Closure: {
    Env env = *f.env;
    for (size_t i = 0; i < f.params->size(); ++i) {
      const ast::Pattern& p = *(*f.params)[i];
      bindTypeVars(p.type, args[i].type, env);
    }
    for (size_t i = 0; i < f.params->size(); ++i)
      bindPattern(*(*f.params)[i], args[i].value, env);
    std::string hint = std::move(hint_);
    hint_.clear();
    result = expr(*f.body, env);
    if (f.decl && f.decl->retTypeExp) // Note [Declared result sizes]
      result = coerceToReturnType(*f.decl->retTypeExp, result, env, span);
    hint_ = std::move(hint);
    break;
  }
  }
  userSpan_ = outerSite;
  return result;
}

Value Internaliser::ifExp(const ast::Expr& e, Env& env) {
  SubExp c = leaves(expr(*e.elems[0], env), e.span).at(0);
  Value shape;
  ir::Body thenB = inBody([&] {
    Env inner = env;
    shape = expr(*e.elems[1], inner);
    return leaves(shape, e.span);
  });
  ir::Body elseB = inBody([&] {
    Env inner = env;
    return leaves(expr(*e.elems[2], inner), e.span);
  });
  std::vector<VName> names = letIf(hint_.empty() ? "if_res" : hint_, c, std::move(thenB),
                                   std::move(elseB), {site(e.span), "if"}, e.span);
  std::vector<SubExp> ses(names.begin(), names.end());
  return rebuild(shape, ses);
}

Value Internaliser::loop(const ast::Expr& e, Env& env) {
  const ast::LoopForm& form = e.loopForm;
  Value init = expr(*e.elems[0], env);
  std::vector<SubExp> inits = leaves(init, e.span);
  std::string name = nameFor(*e.pattern);
  std::string pname = name.empty() ? "acc" : name;

  SubExp boundV;
  std::optional<Value> forInArr;
  ir::PrimType iterType = PrimType::I64;
  VName iterator;
  if (form.kind == ast::LoopForm::Kind::For) {
    iterType = primOf(form.bound->type, env, form.bound->span);
    boundV = leaves(expr(*form.bound, env), e.span).at(0);
    if (iterType != PrimType::I64)
      boundV = b_->convert(iterType, PrimType::I64, boundV, "bound");
    iterator = names_.fresh(form.iterator.base);
  } else if (form.kind == ast::LoopForm::Kind::ForIn) {
    forInArr = expr(*form.bound, env);
    boundV = outerSize(*forInArr, e.span);
    iterator = names_.fresh("i");
  }
  if (form.kind != ast::LoopForm::Kind::While)
    tenv_[iterator] = ir::Type::prim(PrimType::I64);
  std::optional<ir::Param> condParam;
  SubExp c0;
  if (form.kind == ast::LoopForm::Kind::While) {
    // The condition on the initial values decides the first iteration; the body returns
    // the condition on its new values first.
    Env first = env;
    bindPattern(*e.pattern, init, first);
    c0 = leaves(expr(*form.bound, first), e.span).at(0);
    condParam = ir::Param{names_.fresh("loop_cond"), ir::Type::prim(PrimType::Bool), nullptr};
    tenv_[condParam->name] = condParam->type;
  }

  // Dimensions (value, dim) that the body changes become existential merge parameters
  // (Note [Existential sizes in the IR]). The body is internalised again until no further
  // size changes: each round makes at least one more dimension existential.
  std::set<std::pair<size_t, size_t>> ext;
  ir::Loop lp;
  std::vector<ir::Param> sizeParams, params;
  for (;;) {
    lp = ir::Loop{};
    lp.iterator = iterator;
    lp.bound = boundV;
    sizeParams.clear();
    params.clear();
    std::vector<SubExp> sizeInits;
    std::vector<ir::Type> types;
    for (size_t i = 0; i < inits.size(); ++i) {
      ir::Type t = typeOf(inits[i]);
      for (size_t d = 0; d < t.shape.size(); ++d)
        if (ext.count({i, d})) {
          ir::Param p{names_.fresh(pname + "_n"), ir::Type::prim(PrimType::I64), nullptr};
          tenv_[p.name] = p.type;
          sizeParams.push_back(p);
          sizeInits.push_back(t.shape[d]);
          t.shape[d] = p.name;
        }
      types.push_back(t);
    }
    Env inner = env;
    Value paramValue = freshParams(init, types, params, pname);
    bindPattern(*e.pattern, paramValue, inner);
    if (condParam) {
      lp.kind = ir::Loop::Kind::While;
      lp.whileCond = condParam->name;
      lp.merge.emplace_back(*condParam, c0);
    }
    for (size_t k = 0; k < sizeParams.size(); ++k)
      lp.merge.emplace_back(sizeParams[k], sizeInits[k]);
    for (size_t i = 0; i < params.size(); ++i)
      lp.merge.emplace_back(params[i], inits[i]);

    bool changed = false;
    lp.body = inBody([&] {
      if (form.kind == ast::LoopForm::Kind::For) {
        SubExp it = lp.iterator;
        if (iterType != PrimType::I64)
          it = b_->convert(PrimType::I64, iterType, it, form.iterator.base);
        inner.vars[form.iterator.uid] = Value::of(it);
      } else if (form.kind == ast::LoopForm::Kind::ForIn) {
        ir::Slice s{ir::DimIndex{true, lp.iterator, {}, {}, {}}};
        bindPattern(*form.element, indexValue(*forInArr, s), inner);
      }
      Value next = expr(*e.elems[1], inner);
      std::vector<SubExp> vals = leaves(next, e.span);
      std::vector<SubExp> res;
      if (form.kind == ast::LoopForm::Kind::While) {
        Env after = env;
        bindPattern(*e.pattern, next, after);
        res.push_back(leaves(expr(*form.bound, after), e.span).at(0));
      }
      for (size_t i = 0; i < vals.size(); ++i) {
        ir::Type t = typeOf(vals[i]);
        if (t.elem != types.at(i).elem || t.rank() != types[i].rank())
          unsupported(e.span, "a loop whose values change type between iterations");
        for (size_t d = 0; d < t.shape.size(); ++d) {
          if (ext.count({i, d}))
            res.push_back(t.shape[d]);
          else if (!(t.shape[d] == types[i].shape[d])) {
            ext.insert({i, d});
            changed = true;
          }
        }
      }
      res.insert(res.end(), vals.begin(), vals.end());
      return res;
    });
    if (!changed)
      break;
  }

  // The pattern binds the sizes, then the values, whose types name the pattern's sizes.
  std::string resName = name.empty() ? "loop_res" : name;
  ir::Stm stm{{}, lp, {site(e.span), "loop"}};
  if (condParam)
    stm.pat.push_back(ir::PatElem{names_.fresh(resName), condParam->type, nullptr});
  std::map<VName, VName> rename;
  for (const ir::Param& p : sizeParams) {
    VName v = names_.fresh(resName + "_n");
    rename[p.name] = v;
    stm.pat.push_back(ir::PatElem{v, p.type, nullptr});
  }
  std::vector<SubExp> ses;
  for (const ir::Param& p : params) {
    ir::Type t = p.type;
    for (SubExp& d : t.shape)
      if (d.isVar() && rename.count(d.var()))
        d = rename.at(d.var());
    VName v = names_.fresh(resName);
    stm.pat.push_back(ir::PatElem{v, t, nullptr});
    ses.push_back(v);
  }
  b_->add(std::move(stm));
  return rebuild(init, ses);
}

Value Internaliser::range(const ast::Expr& e, Env& env) {
  // In i64: start s, end stop, step d (the second element minus s, else 1 or -1); the
  // count is ceil((stop' - s) / d) clamped at 0, where stop' is one past an inclusive end.
  using RK = ast::Expr::RangeKind;
  const ir::PrimType i64 = PrimType::I64;
  ir::PrimType t = primOf(e.type, env, e.span);
  auto wide = [&](SubExp v) { return t == i64 ? v : b_->convert(t, i64, v, "bound"); };
  auto get = [&](const ast::Expr& x) { return wide(leaves(expr(x, env), e.span).at(0)); };
  auto one = [](int64_t v) { return SubExp(ir::PrimValue::int64(v)); };
  SubExp start = leaves(expr(*e.elems[0], env), e.span).at(0);
  SubExp s = wide(start);
  SubExp stop = get(*e.elems.back());
  SubExp d = e.rangeHasStep ? b_->binOp(BinOpKind::Sub, i64, get(*e.elems[1]), s, "step")
                            : one(e.rangeKind == RK::DownToExclusive ? -1 : 1);
  // Validity, as the interpreter defines it.
  auto cmp = [&](CmpOpKind k, SubExp x, SubExp y) { return b_->cmpOp(k, i64, x, y, "c"); };
  auto both = [&](SubExp x, SubExp y) { return b_->binOp(BinOpKind::LogAnd, PrimType::Bool, x, y, "c"); };
  SubExp up = cmp(CmpOpKind::Gt, d, one(0)), down = cmp(CmpOpKind::Lt, d, one(0));
  SubExp valid;
  switch (e.rangeKind) {
  case RK::UpToExclusive: valid = both(up, cmp(CmpOpKind::Le, s, stop)); break;
  case RK::DownToExclusive: valid = both(down, cmp(CmpOpKind::Ge, s, stop)); break;
  case RK::UpToInclusive:
    valid = b_->binOp(
        BinOpKind::LogOr, PrimType::Bool,
        both(up, cmp(CmpOpKind::Le, s, b_->binOp(BinOpKind::Add, i64, stop, one(1), "t"))),
        both(down, cmp(CmpOpKind::Ge, s, b_->binOp(BinOpKind::Sub, i64, stop, one(1), "t"))),
        "valid");
    break;
  }
  b_->assertion(valid, "range is invalid at " + location(e.span), site(e.span));
  SubExp sgn = b_->unOp(ir::UnOpKind::Signum, i64, d, "sgn");
  SubExp end = e.rangeKind == RK::UpToInclusive ? b_->binOp(BinOpKind::Add, i64, stop, sgn, "end")
                                                : stop;
  SubExp dist = b_->binOp(BinOpKind::Mul, i64, b_->binOp(BinOpKind::Sub, i64, end, s, "dist"),
                          sgn, "dist");
  SubExp absStep = b_->binOp(BinOpKind::Mul, i64, d, sgn, "abs_step");
  SubExp num = b_->binOp(BinOpKind::Sub, i64,
                         b_->binOp(BinOpKind::Add, i64, dist, absStep, "t"), one(1), "t");
  SubExp n = b_->binOp(BinOpKind::Max, i64, b_->binOp(BinOpKind::Quot, i64, num, absStep, "n"),
                       one(0), "n");
  ir::BasicOp op = basic(ir::BasicOp::Kind::Iota);
  op.type = t;
  op.args = {n, start, t == i64 ? d : b_->convert(i64, t, d, "step")};
  return Value::of(b_->let1("range", op));
}

Value Internaliser::arrayLit(const ast::Expr& e, Env& env) {
  if (e.elems.empty()) {
    TypeRef t = resolve(e.type, env);
    if (!t || t->kind != Type::Kind::Array || t->elem->kind != Type::Kind::Prim)
      unsupported(e.span, "an empty array of this type");
    ir::BasicOp op = basic(ir::BasicOp::Kind::ArrayLit);
    ir::Shape inner;
    for (size_t i = 1; i < t->shape.size(); ++i) {
      if (t->shape[i].kind != Size::Kind::Const)
        unsupported(e.span, "an empty array of unknown inner size");
      inner.push_back(ir::PrimValue::int64(t->shape[i].value));
    }
    op.rowType = inner.empty() ? ir::Type::prim(t->elem->prim) : ir::Type::array(t->elem->prim, inner);
    return Value::of(b_->let1("empty", op));
  }
  std::vector<Value> elems;
  for (const auto& sub : e.elems)
    elems.push_back(expr(*sub, env));
  std::vector<std::vector<SubExp>> cols;
  for (const Value& v : elems) {
    std::vector<SubExp> ls = leaves(v, e.span);
    if (cols.empty())
      cols.resize(ls.size());
    for (size_t i = 0; i < ls.size(); ++i)
      cols[i].push_back(ls[i]);
  }
  std::vector<SubExp> out;
  for (auto& col : cols) {
    ir::BasicOp op = basic(ir::BasicOp::Kind::ArrayLit);
    op.rowType = typeOf(col[0]);
    op.args = col;
    out.push_back(b_->let1("arr", op));
  }
  return rebuild(elems[0], out);
}

ir::PrimValue floatConstant(ir::PrimType t, double v) {
  return ir::PrimValue::floating(t, t == ir::PrimType::F16 ? roundToHalf(v) : v);
}

Value Internaliser::expr(const ast::Expr& e, Env& env) {
  switch (e.kind) {
  case K::IntLit:
  case K::FloatLit:
  case K::BoolLit:
  case K::CharLit:
    return literal(e, env);
  case K::StringLit: {
    ir::BasicOp op = basic(ir::BasicOp::Kind::ArrayLit);
    op.rowType = ir::Type::prim(PrimType::U8);
    for (unsigned char c : e.text)
      op.args.push_back(ir::PrimValue::integer(PrimType::U8, c));
    return Value::of(b_->let1("str", op));
  }
  case K::Var:
    return var(e, env);
  case K::Tuple: {
    std::vector<Value> vs;
    for (const auto& sub : e.elems)
      vs.push_back(expr(*sub, env));
    return Value::tuple(std::move(vs));
  }
  case K::Record: {
    Value v;
    v.kind = Value::Kind::Record;
    std::vector<std::pair<std::string, Value>> fs;
    for (const auto& [name, sub] : e.fields)
      fs.emplace_back(name, expr(*sub, env));
    std::sort(fs.begin(), fs.end(), [](const auto& a, const auto& b) { return a.first < b.first; });
    for (auto& [n, fv] : fs) {
      v.fields.push_back(n);
      v.elems.push_back(std::move(fv));
    }
    return v;
  }
  case K::ArrayLit:
    return arrayLit(e, env);
  case K::Range:
    return range(e, env);
  case K::Project:
    return project(expr(*e.elems[0], env), e.field, e.span);
  case K::Index:
    return index(e, env);
  case K::Apply: {
    Value f = expr(*e.elems[0], env);
    std::vector<Arg> args;
    for (size_t i = 1; i < e.elems.size(); ++i) {
      std::string hint = std::move(hint_);
      hint_.clear();
      args.push_back(Arg{expr(*e.elems[i], env), resolve(e.elems[i]->type, env)});
      hint_ = std::move(hint);
    }
    return apply(f, std::move(args), e.span);
  }
  case K::BinOp:
    return binOp(e, env);
  case K::Negate: {
    ir::PrimType t = primOf(e.type, env, e.span);
    SubExp x = leaves(expr(*e.elems[0], env), e.span).at(0);
    return Value::of(b_->unOp(ir::UnOpKind::Neg, t, x, "neg"));
  }
  case K::Not: {
    ir::PrimType t = primOf(e.type, env, e.span);
    SubExp x = leaves(expr(*e.elems[0], env), e.span).at(0);
    return Value::of(b_->unOp(t == PrimType::Bool ? ir::UnOpKind::Not : ir::UnOpKind::Complement,
                              t, x, "not"));
  }
  case K::Lambda:
    return closureValue(e.params, *e.elems[0], nullptr, env, resolve(e.type, env), "lambda");
  case K::OpSection: {
    const ast::Expr* left = !e.elems.empty() ? e.elems[0].get() : nullptr;
    const ast::Expr* right = e.elems.size() > 1 ? e.elems[1].get() : nullptr;
    Value f;
    TypeRef full = resolve(e.type, env);
    if (e.name.uid >= 0 || e.name.intrinsic) {
      ast::Expr fnExpr(K::Var, e.name.span);
      fnExpr.name = e.name;
      fnExpr.type = full;
      f = var(fnExpr, env);
    } else {
      auto fv = std::make_shared<FunValue>();
      fv->kind = FunValue::Kind::Op;
      fv->name = e.name.base;
      fv->arity = 2;
      f.kind = Value::Kind::Fun;
      f.fun = fv;
    }
    if (left) {
      Value x = expr(*left, env);
      auto g = std::make_shared<FunValue>(*f.fun);
      if (g->kind == FunValue::Kind::Op)
        g->type = Type::function(resolve(left->type, env), full);
      f.fun = g;
      return apply(f, {Arg{x, resolve(left->type, env)}}, e.span);
    }
    if (right) {
      auto g = std::make_shared<FunValue>(*f.fun);
      if (f.fun->kind != FunValue::Kind::Op) { // a user-defined operator: apply it later
        g = std::make_shared<FunValue>();
        g->sectionFn = f.fun;
        g->name = e.name.base;
      }
      g->kind = FunValue::Kind::RightSection;
      g->arity = 1;
      g->type = full;
      g->section.push_back(Arg{expr(*right, env), resolve(right->type, env)});
      f.fun = g;
      return f;
    }
    if (f.fun->kind == FunValue::Kind::Op) {
      auto g = std::make_shared<FunValue>(*f.fun);
      g->type = full;
      f.fun = g;
    }
    return f;
  }
  case K::FieldSection: {
    auto fv = std::make_shared<FunValue>();
    fv->kind = FunValue::Kind::Field;
    fv->fieldPath = e.fieldPath;
    fv->arity = 1;
    Value f;
    f.kind = Value::Kind::Fun;
    f.fun = fv;
    return f;
  }
  case K::LetIn: {
    std::string hint = std::move(hint_);
    hint_ = nameFor(*e.pattern);
    Value v = expr(*e.elems[0], env);
    if (v.kind != Value::Kind::Fun)
      nameResult(v, hint_);
    hint_ = std::move(hint);
    Env inner = env;
    bindPattern(*e.pattern, v, inner);
    return expr(*e.elems[1], inner);
  }
  case K::LetFun: {
    Env inner = env;
    Value f = closureValue(e.params, *e.elems[0], nullptr, env, nullptr, e.name.base);
    inner.vars[e.name.uid] = f;
    return expr(*e.elems[1], inner);
  }
  case K::LetWith: {
    Value arr = env.vars.at(e.name.uid);
    Value v = expr(*e.elems[0], env);
    ir::Slice s = slice(e.indices, typeOf(leaves(arr, e.span).at(0)), env, e.span);
    Value updated = update(arr, s, v, e.span);
    nameResult(updated, e.name.base);
    Env inner = env;
    inner.vars[e.boundUid] = updated;
    return expr(*e.elems[1], inner);
  }
  case K::Update: {
    Value arr = expr(*e.elems[0], env);
    Value v = expr(*e.elems[1], env);
    ir::Slice s = slice(e.indices, typeOf(leaves(arr, e.span).at(0)), env, e.span);
    return update(arr, s, v, e.span);
  }
  case K::FlatIndex:
  case K::FlatUpdate:
    return flatSlice(e, env);
  case K::RecordUpdate: {
    Value r = expr(*e.elems[0], env);
    Value v = expr(*e.elems[1], env);
    std::function<Value(const Value&, size_t)> go = [&](const Value& cur, size_t i) -> Value {
      if (i == e.fieldPath.size())
        return v;
      Value out = cur;
      bool found = false;
      for (size_t k = 0; k < out.fields.size(); ++k)
        if (out.fields[k] == e.fieldPath[i]) {
          out.elems[k] = go(out.elems[k], i + 1);
          found = true;
        }
      if (!found)
        unsupported(e.span, "this record update");
      return out;
    };
    return go(r, 0);
  }
  case K::If:
    return ifExp(e, env);
  case K::Loop:
    return loop(e, env);
  case K::Ascribe:
  case K::Coerce: {
    Value v = expr(*e.elems[0], env);
    return e.typeExp ? coerce(v, *e.typeExp, env, e.span) : v;
  }
  case K::Assert: {
    SubExp c = leaves(expr(*e.elems[0], env), e.span).at(0);
    b_->assertion(c, "assertion failed at " + location(e.elems[0]->span), site(e.span));
    return expr(*e.elems[1], env);
  }
  case K::Attributed: {
    Env inner = env;
    for (const ast::Attribute& a : e.attrs)
      if (a.text == "unsafe")
        inner.unsafe = true;
    return expr(*e.elems[0], inner);
  }
  case K::Match:
    return match(e, env);
  case K::Constructor:
    return constructor(e, env);
  case K::IndexSection: {
    // `(.[i])`: indexes its argument when applied; the indices are evaluated in this scope.
    auto fv = std::make_shared<FunValue>();
    fv->kind = FunValue::Kind::IndexSection;
    fv->indexSection = &e;
    fv->env = std::make_shared<Env>(env);
    fv->arity = 1;
    Value f;
    f.kind = Value::Kind::Fun;
    f.fun = fv;
    return f;
  }
  }
  unsupported(e.span, "this expression");
}

} // namespace fjord::internalise
