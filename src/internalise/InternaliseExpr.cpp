// Internalisation of expressions: the dispatcher over expression kinds and the simple forms
// (literals, variables, tuples, records, ranges, array literals, let, updates). Application
// and operators are in InternaliseApply.cpp, `if` and loops in InternaliseControl.cpp.
#include "internalise/Internaliser.h"

#include "ir/Traverse.h"
#include "support/Half.h"

#include <algorithm>
#include <functional>

namespace fjord::internalise {

using ir::BinOpKind;
using ir::CmpOpKind;
using ir::SubExp;
using K = ast::Expr::Kind;

namespace {

ir::BasicOp basic(ir::BasicOp::Kind k) {
  ir::BasicOp op;
  op.kind = k;
  return op;
}

/// The value a typed hole stands for once its assertion has failed: zeros of its scalars.
/// Arrays, functions and sums would need sizes or layouts that a hole does not give.
Value holeValue(const TypeRef& t, const SourceSpan& span) {
  switch (t ? t->kind : Type::Kind::Var) {
  case Type::Kind::Prim:
    if (isFloat(t->prim))
      return Value::of(floatConstant(t->prim, 0));
    if (t->prim == PrimType::Bool)
      return Value::of(ir::PrimValue::boolean(false));
    return Value::of(ir::PrimValue::integer(t->prim, 0));
  case Type::Kind::Tuple: {
    std::vector<Value> elems;
    for (const TypeRef& e : t->elems)
      elems.push_back(holeValue(e, span));
    Value v;
    v.elems = std::move(elems);
    return v;
  }
  case Type::Kind::Record: {
    Value v;
    v.kind = Value::Kind::Record;
    for (const auto& [name, f] : t->fields) {
      v.fields.push_back(name);
      v.elems.push_back(holeValue(f, span));
    }
    return v;
  }
  default:
    throw Unsupported{span, "a typed hole `???` of type `" + (t ? t->str() : "?") + "`"};
  }
}

} // namespace

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
    std::vector<SubExp> ls = elementLeaves(v, e.span); // `[()]` too (Note [Arrays of units])
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
  size_t pos = 0;
  return arrayOf(elems[0], out, pos);
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
  case K::LetIn:
  case K::LetFun:
  case K::LetWith:
    return letChain(e, env);
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
      if (out.kind == Value::Kind::Tuple) { // `r with inner.1 = v`: a tuple's field
        size_t k = std::stoul(e.fieldPath[i]);
        if (k < out.elems.size()) {
          out.elems[k] = go(out.elems[k], i + 1);
          found = true;
        }
      }
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
    // As the interpreter reports it: the condition as written, where it fits on one line.
    const SourceSpan& cs = e.elems[0]->span;
    std::string text;
    if (cs.known() && cs.endLine == cs.line)
      text = ": `" + cs.file->lineText(cs.line).substr(cs.col - 1, cs.endCol - cs.col) + "`";
    b_->assertion(c, "assertion failed" + text + " at " + location(cs), site(e.span));
    return expr(*e.elems[1], env);
  }
  case K::Hole: // Futhark: evaluating a typed hole is a run-time error
    b_->assertion(ir::PrimValue::boolean(false),
                  "typed hole `???` evaluated at " + location(e.span), site(e.span));
    return holeValue(resolve(e.type, env), e.span);
  case K::Attributed: {
    // `unsafe` acts here; the others stay on the statements the expression becomes (those
    // of its own level, not of its lambdas' bodies) for later passes: the flattening
    // attributes (Note [Flattening attributes] in gpu/FlatteningAttributes.h).
    Env inner = env;
    std::vector<std::string> kept;
    for (const ast::Attribute& a : e.attrs) {
      if (a.text == "unsafe")
        inner.unsafe = true;
      else
        kept.push_back(a.text);
    }
    size_t first = builtSoFar();
    Value v = expr(*e.elems[0], inner);
    if (b_ && !kept.empty())
      b_->attribute(first, kept);
    return v;
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

/// A chain of `let`s is walked in a loop, binding into one copy of the environment: a copy
/// per binding (the scope of its body) made long flat chains quadratic.
Value Internaliser::letChain(const ast::Expr& first, Env& env) {
  Env inner = env;
  const ast::Expr* e = &first;
  while (e->kind == K::LetIn || e->kind == K::LetFun || e->kind == K::LetWith) {
    bindLet(*e, inner);
    e = e->elems[1].get();
  }
  return expr(*e, inner);
}

/// Binds what one `let` binds into `env`, in which its bound expression is evaluated.
void Internaliser::bindLet(const ast::Expr& e, Env& env) {
  switch (e.kind) {
  case K::LetIn: {
    std::string hint = std::move(hint_);
    hint_ = nameFor(*e.pattern);
    size_t firstOwn = builtSoFar();
    Value v = expr(*e.elems[0], env);
    if (v.kind != Value::Kind::Fun)
      nameResult(v, hint_, firstOwn);
    hint_ = std::move(hint);
    bindPattern(*e.pattern, v, env);
    return;
  }
  case K::LetFun: {
    Value f = closureValue(e.params, *e.elems[0], nullptr, env, nullptr, e.name.base);
    env.vars[e.name.uid] = f;
    return;
  }
  default: { // LetWith
    Value arr = env.vars.at(e.name.uid);
    size_t firstOwn = builtSoFar();
    Value v = expr(*e.elems[0], env);
    ir::Slice s = slice(e.indices, typeOf(leaves(arr, e.span).at(0)), env, e.span);
    Value updated = update(arr, s, v, e.span);
    nameResult(updated, e.name.base, firstOwn);
    env.vars[e.boundUid] = updated;
    return;
  }
  }
}

} // namespace fjord::internalise
