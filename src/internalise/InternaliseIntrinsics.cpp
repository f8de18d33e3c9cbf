// Internalisation of intrinsics (`__map`, `__reduce`, `__iota`, `__sqrt`, ...) and of
// array indexing and update with their bounds checks.
#include "internalise/Internaliser.h"

#include "ir/Traverse.h"
#include "prim/Eval.h"

#include <algorithm>
#include <cmath>
#include <limits>

namespace fjord::internalise {

using ir::BinOpKind;
using ir::CmpOpKind;
using ir::SubExp;
using ir::VName;

namespace {

ir::BasicOp basic(ir::BasicOp::Kind k) {
  ir::BasicOp op;
  op.kind = k;
  return op;
}

/// The i-th parameter type of a curried function type.
TypeRef paramType(TypeRef t, size_t i) {
  for (size_t k = 0; k < i && t && t->kind == Type::Kind::Function; ++k)
    t = t->result;
  return t && t->kind == Type::Kind::Function ? t->param : nullptr;
}

TypeRef resultType(TypeRef t) {
  while (t && t->kind == Type::Kind::Function)
    t = t->result;
  return t;
}

TypeRef rowOf(const TypeRef& t) {
  if (!t || t->kind != Type::Kind::Array)
    return t;
  return t->rowType();
}

} // namespace

bool Internaliser::isArraySize(const VName& v) const {
  for (const auto& [name, t] : tenv_)
    if (t.isArray() && std::find(t.shape.begin(), t.shape.end(), SubExp(v)) != t.shape.end())
      return true;
  return false;
}

SubExp Internaliser::outerSize(const Value& arr, const SourceSpan& span) const {
  std::vector<SubExp> ls = leaves(arr, span);
  if (ls.empty())
    throw Unsupported{span, "an array of empty tuples"};
  ir::Type t = typeOf(ls[0]);
  if (!t.isArray())
    throw Unsupported{span, "a non-array value where an array is expected"};
  return t.shape[0];
}

Value Internaliser::coerceOuter(const Value& arr, const SubExp& w) {
  std::vector<SubExp> out;
  for (const SubExp& l : leaves(arr, {})) {
    ir::Type t = typeOf(l);
    if (t.shape[0] == w) {
      out.push_back(l);
      continue;
    }
    ir::BasicOp op = basic(ir::BasicOp::Kind::Reshape);
    op.arr = l.var();
    op.shape = t.shape;
    op.shape[0] = w;
    out.push_back(b_->let1(l.var().name, op));
  }
  return rebuild(arr, out);
}

Value Internaliser::zip(const Value& a, const Value& b, const SourceSpan& span) {
  SubExp n = outerSize(a, span), m = outerSize(b, span);
  Value bb = b;
  if (!(n == m)) {
    SubExp same = b_->cmpOp(CmpOpKind::Eq, PrimType::I64, n, m, "same_size");
    b_->assertion(same, "size mismatch: arrays of different sizes at " + location(span), site(span));
    bb = coerceOuter(b, n);
  }
  return Value::tuple({a, bb});
}

Value Internaliser::freshParams(const Value& like, const std::vector<ir::Type>& types,
                                std::vector<ir::Param>& out, const std::string& name) {
  std::vector<SubExp> ses;
  for (const ir::Type& t : types) {
    ir::Param p{names_.fresh(name), t, nullptr};
    tenv_[p.name] = t;
    out.push_back(p);
    ses.push_back(p.name);
  }
  return rebuild(like, ses);
}

ir::Lambda Internaliser::lambda(const Value& fn, const std::vector<Value>& params,
                                const std::vector<TypeRef>& paramTypes, const SourceSpan& span,
                                Value* result, bool elements) {
  ir::Lambda lam;
  lam.body = inBody([&] {
    std::vector<Arg> args;
    for (size_t i = 0; i < params.size(); ++i)
      args.push_back(Arg{params[i], paramTypes[i]});
    Value r = apply(fn, std::move(args), span);
    if (result)
      *result = r;
    return elements ? elementLeaves(r, span) : leaves(r, span);
  });
  for (const SubExp& r : lam.body.result)
    lam.retTypes.push_back(typeOf(r));
  return lam;
}

ir::RedOp Internaliser::redOp(const Value& op, const Value& ne, const TypeRef& elemType,
                              bool comm, const SourceSpan& span) {
  ir::RedOp r;
  r.commutative = comm;
  r.neutral = leaves(ne, span);
  std::vector<ir::Type> types;
  for (const SubExp& n : r.neutral)
    types.push_back(typeOf(n));
  std::vector<ir::Param> params;
  Value x = freshParams(ne, types, params, "x");
  Value y = freshParams(ne, types, params, "y");
  r.op = lambda(op, {x, y}, {elemType, elemType}, span);
  r.op.params = std::move(params);
  return r;
}

Value Internaliser::soacMap(const Arg& f, const Arg& xs, const SourceSpan& span) {
  ir::Screma s;
  s.width = outerSize(xs.value, span);
  std::vector<SubExp> ins = leaves(xs.value, span);
  for (const SubExp& in : ins)
    s.inputs.push_back(in.var());
  std::vector<ir::Param> params;
  Value row = freshParams(xs.value, ir::rowTypes(s.inputs, tenv_), params, "x");
  Value shape;
  s.map = lambda(f.value, {row}, {rowOf(xs.type)}, span, &shape, true);
  s.map.params = std::move(params);
  // Array results must not depend on sizes computed inside the lambda.
  ir::NameSet bound = ir::boundVars(s.map.body);
  for (const ir::Param& p : s.map.params)
    bound.insert(p.name);
  for (const ir::Type& t : s.map.retTypes)
    for (const SubExp& d : t.shape)
      if (d.isVar() && bound.count(d.var()))
        unsupported(site(span), "`map` producing arrays of different sizes");
  std::vector<VName> out =
      b_->let(hint_.empty() ? "mapped" : hint_, ir::Op{ir::Soac{s}}, {site(span), "map"});
  std::vector<SubExp> ses(out.begin(), out.end());
  size_t pos = 0;
  return arrayOf(shape, ses, pos);
}

Value Internaliser::soacReduce(const Arg& op, const Arg& ne, const Arg& xs, bool scan, bool comm,
                               const SourceSpan& span) {
  ir::Screma s;
  s.width = outerSize(xs.value, span);
  std::vector<SubExp> ins = leaves(xs.value, span);
  for (const SubExp& in : ins)
    s.inputs.push_back(in.var());
  std::vector<ir::Param> params;
  std::vector<ir::Type> rows = ir::rowTypes(s.inputs, tenv_);
  Value row = freshParams(xs.value, rows, params, "x");
  s.map.params = params;
  s.map.body.result = leaves(row, span);
  s.map.retTypes = rows;
  // The checker lets an unknown row size (`[][]t`) meet a neutral element of a known size
  // (`replicate 3 0`): check that they agree at run time and give the neutral the rows' shape.
  std::vector<SubExp> neLeaves = leaves(ne.value, span);
  if (neLeaves.size() == rows.size())
    for (size_t i = 0; i < rows.size(); ++i)
      neLeaves[i] = coerceLeaf(neLeaves[i], rows[i].shape,
                               std::vector<std::string>(rows[i].shape.size(),
                                                        "the neutral element to have the size "
                                                        "of the array's rows"),
                               span);
  Value neutral = rebuild(ne.value, neLeaves);
  ir::RedOp r = redOp(op.value, neutral, rowOf(xs.type), comm, span);
  (scan ? s.scans : s.reds).push_back(std::move(r));
  const char* word = scan ? "scan" : "reduce";
  std::vector<VName> out = b_->let(hint_.empty() ? (scan ? "scanned" : "reduced") : hint_,
                                   ir::Op{ir::Soac{s}}, {site(span), word});
  std::vector<SubExp> ses(out.begin(), out.end());
  return rebuild(neutral, ses);
}

Value Internaliser::intrinsic(const FunValue& f, std::vector<Arg>& args, const SourceSpan& span) {
  const std::string& n = f.name;
  Env none;
  auto leaf = [&](size_t i) { return leaves(args.at(i).value, span).at(0); };
  auto resT = [&]() { return primOf(resultType(f.type), none, span); };
  auto argT = [&](size_t i) { return primOf(paramType(f.type, i), none, span); };
  auto bin = [&](BinOpKind k) { return Value::of(b_->binOp(k, argT(0), leaf(0), leaf(1), "t")); };
  auto call = [&](const std::string& fn) {
    ir::BasicOp op = basic(ir::BasicOp::Kind::Call);
    op.fn = fn;
    op.type = argT(0);
    for (size_t i = 0; i < args.size(); ++i)
      op.args.push_back(leaf(i));
    return Value::of(b_->let1(fn + "_res", op));
  };
  auto perLeaf = [&](const Value& v, auto&& fn) {
    std::vector<SubExp> out;
    for (const SubExp& l : leaves(v, span))
      out.push_back(fn(l));
    return rebuild(v, out);
  };

  if (n == "__map")
    return soacMap(args[0], args[1], span);
  if (n == "__scatter_stream" || n == "__hist_stream")
    return accStream(f, args, span);
  if (n == "__acc_write")
    return accWrite(args, span);
  if (n == "__reduce" || n == "__reduce_comm")
    return soacReduce(args[0], args[1], args[2], false, n == "__reduce_comm", span);
  if (n == "__scan")
    return soacReduce(args[0], args[1], args[2], true, false, span);
  if (n == "__filter" || n == "__partition")
    return soacFilter(args[0], args[1], n == "__partition", span);
  if (n == "__map_stream")
    return soacStream(nullptr, args[0], args[1], false, span);
  if (n == "__reduce_stream" || n == "__reduce_stream_per")
    return soacStream(&args[0], args[1], args[2], n == "__reduce_stream_per", span);
  if (n == "__rotate")
    return rotate(leaf(0), args[1].value, span);
  if (n == "__zip")
    return zip(args[0].value, args[1].value, span);
  if (n == "__unzip")
    return args[0].value;
  if (n == "__iota") {
    if (leaf(0).isVar() ? !isArraySize(leaf(0).var()) : leaf(0).constant().i < 0) {
      SubExp ok = b_->cmpOp(CmpOpKind::Le, PrimType::I64, ir::PrimValue::int64(0), leaf(0),
                            "nonnegative");
      b_->assertion(ok, "iota of negative size at " + location(span), site(span));
    }
    ir::BasicOp op = basic(ir::BasicOp::Kind::Iota);
    op.type = PrimType::I64;
    op.args = {leaf(0), ir::PrimValue::int64(0), ir::PrimValue::int64(1)};
    return Value::of(b_->let1("iota", op));
  }
  if (n == "__replicate") {
    SubExp count = leaf(0);
    std::vector<SubExp> reps;
    for (const SubExp& v : elementLeaves(args[1].value, span)) {
      ir::BasicOp op = basic(ir::BasicOp::Kind::Replicate);
      op.shape = {count};
      op.args = {v};
      // The provenance makes the kernel that fills the array cite its source line.
      reps.push_back(b_->let1("replicated", op, {site(span), "replicate"}));
    }
    size_t pos = 0;
    return arrayOf(args[1].value, reps, pos);
  }
  if (n == "__copy")
    return perLeaf(args[0].value, [&](const SubExp& v) -> SubExp {
      if (!typeOf(v).isArray())
        return v;
      ir::BasicOp op = basic(ir::BasicOp::Kind::Copy);
      op.arr = v.var();
      return b_->let1(v.var().name, op, {site(span), "copy"});
    });
  if (n == "__transpose")
    return perLeaf(args[0].value, [&](const SubExp& v) -> SubExp {
      ir::BasicOp op = basic(ir::BasicOp::Kind::Rearrange);
      op.arr = v.var();
      for (int d = 0; d < typeOf(v).rank(); ++d)
        op.perm.push_back(d);
      std::swap(op.perm.at(0), op.perm.at(1));
      return b_->let1("transposed", op);
    });
  if (n == "__flatten")
    return perLeaf(args[0].value, [&](const SubExp& v) -> SubExp {
      ir::Type t = typeOf(v);
      SubExp total = b_->binOp(BinOpKind::Mul, PrimType::I64, t.shape[0], t.shape[1], "flat_len");
      ir::BasicOp op = basic(ir::BasicOp::Kind::Reshape);
      op.arr = v.var();
      op.shape = {total};
      op.shape.insert(op.shape.end(), t.shape.begin() + 2, t.shape.end());
      return b_->let1("flattened", op);
    });
  if (n == "__unflatten") {
    SubExp rows = leaf(0), cols = leaf(1);
    SubExp total = b_->binOp(BinOpKind::Mul, PrimType::I64, rows, cols, "unflat_len");
    SubExp ok = b_->cmpOp(CmpOpKind::Eq, PrimType::I64, total, outerSize(args[2].value, span), "ok");
    b_->assertion(ok, "unflatten to a shape of a different size at " + location(span), site(span));
    return perLeaf(args[2].value, [&](const SubExp& v) -> SubExp {
      ir::Type t = typeOf(v);
      ir::BasicOp op = basic(ir::BasicOp::Kind::Reshape);
      op.arr = v.var();
      op.shape = {rows, cols};
      op.shape.insert(op.shape.end(), t.shape.begin() + 1, t.shape.end());
      return b_->let1("unflattened", op);
    });
  }
  if (n == "__concat") {
    std::vector<SubExp> as = leaves(args[0].value, span), bs = leaves(args[1].value, span);
    SubExp total = b_->binOp(BinOpKind::Add, PrimType::I64, outerSize(args[0].value, span),
                             outerSize(args[1].value, span), "concat_len");
    std::vector<SubExp> out;
    for (size_t i = 0; i < as.size(); ++i) {
      ir::BasicOp op = basic(ir::BasicOp::Kind::Concat);
      op.arrs = {as[i].var(), bs[i].var()};
      op.args = {total};
      out.push_back(b_->let1("concatenated", op));
    }
    return rebuild(args[0].value, out);
  }
  if (n == "__scatter") {
    // scatter(w, {is, vs...}, {dests...}): the lambda returns one index per destination,
    // then the values.
    ir::Scatter s;
    s.width = outerSize(args[1].value, span);
    Value vs = coerceOuter(args[2].value, s.width);
    std::vector<SubExp> dests = leaves(args[0].value, span), vls = leaves(vs, span);
    s.inputs.push_back(leaf(1).var());
    for (const SubExp& v : vls)
      s.inputs.push_back(v.var());
    for (const SubExp& d : dests)
      s.dests.push_back(d.var());
    std::vector<ir::Param> ps;
    std::vector<ir::Type> rows = ir::rowTypes(s.inputs, tenv_);
    for (size_t i = 0; i < rows.size(); ++i) {
      ps.push_back(ir::Param{names_.fresh(i == 0 ? "i" : "v"), rows[i], nullptr});
      tenv_[ps.back().name] = rows[i];
    }
    for (size_t i = 0; i < dests.size(); ++i) {
      s.fn.body.result.push_back(ps[0].name);
      s.fn.retTypes.push_back(rows[0]);
    }
    for (size_t i = 1; i < ps.size(); ++i) {
      s.fn.body.result.push_back(ps[i].name);
      s.fn.retTypes.push_back(rows[i]);
    }
    s.fn.params = std::move(ps);
    std::vector<VName> out = b_->let("scattered", ir::Op{ir::Soac{s}}, {site(span), "scatter"});
    return rebuild(args[0].value, std::vector<SubExp>(out.begin(), out.end()));
  }
  if (n == "__hist") {
    // hist dest op ne is vs
    ir::Hist h;
    h.width = outerSize(args[3].value, span);
    Value vs = coerceOuter(args[4].value, h.width);
    h.inputs.push_back(leaf(3).var());
    for (const SubExp& v : leaves(vs, span))
      h.inputs.push_back(v.var());
    ir::HistOp op;
    op.width = outerSize(args[0].value, span);
    for (const SubExp& d : leaves(args[0].value, span))
      op.dests.push_back(d.var());
    op.op = redOp(args[1].value, args[2].value, args[2].type, /*commutative=*/true, span);
    h.ops.push_back(std::move(op));
    std::vector<ir::Type> rows = ir::rowTypes(h.inputs, tenv_);
    for (size_t i = 0; i < rows.size(); ++i) {
      h.bucketFn.params.push_back(ir::Param{names_.fresh(i == 0 ? "i" : "v"), rows[i], nullptr});
      tenv_[h.bucketFn.params.back().name] = rows[i];
      h.bucketFn.body.result.push_back(h.bucketFn.params.back().name);
      h.bucketFn.retTypes.push_back(rows[i]);
    }
    std::vector<VName> out = b_->let("hist", ir::Op{ir::Soac{h}}, {site(span), "hist"});
    return rebuild(args[0].value, std::vector<SubExp>(out.begin(), out.end()));
  }
  if (n == "__lowest" || n == "__highest" || n == "__inf" || n == "__nan" || n == "__pi" ||
      n == "__e") {
    std::optional<ir::PrimValue> c = prim::numericConstant(std::string_view(n).substr(2), resT());
    FJORD_CHECK(c.has_value(), n + " of a " + primName(resT()));
    return Value::of(*c);
  }
  if (n == "__convert")
    return Value::of(b_->convert(argT(0), resT(), leaf(0), "conv"));
  if (n == "__convert_zext") { // the signed operand's bits as unsigned first (Builtins.cpp)
    PrimType bitsT = *primFromName(std::string("u") + (primName(argT(0)) + 1));
    return Value::of(b_->convert(bitsT, resT(), b_->convert(argT(0), bitsT, leaf(0), "bits"), "conv"));
  }
  // A call whose result type follows from the operand's (ir/TypeOf.cpp): f16 <-> u16,
  // f32 <-> u32, f64 <-> u64.
  if (n == "__to_bits" || n == "__from_bits")
    return call(n.substr(2));

  if (n == "__abs")
    return Value::of(b_->unOp(ir::UnOpKind::Abs, argT(0), leaf(0), "abs"));
  if (n == "__sgn")
    return Value::of(b_->unOp(ir::UnOpKind::Signum, argT(0), leaf(0), "sgn"));
  if (n == "__neg")
    return Value::of(b_->unOp(ir::UnOpKind::Neg, argT(0), leaf(0), "neg"));
  if (n == "__max")
    return bin(BinOpKind::Max);
  if (n == "__min")
    return bin(BinOpKind::Min);
  if (n == "__pow")
    return bin(BinOpKind::Pow);
  static const char* kCalls[] = {"atan2", "isnan", "isinf", "popc", "clz",  "sqrt",  "exp",
                                 "log",   "log2",  "log10", "sin",  "cos",  "tan",   "asin",
                                 "acos",  "atan",  "sinh",  "cosh", "tanh", "floor", "ceil",
                                 "round", "trunc"};
  for (const char* c : kCalls)
    if (n == std::string("__") + c)
      return call(c);
  unsupported(site(span), "the intrinsic `" + n + "`");
}

Value Internaliser::rotate(const SubExp& r, const Value& xs, const SourceSpan& span) {
  // Row i of the result is row (i + r) mod n of `xs`: a gather in a map over `iota n`
  // (an LMAD cannot express the wrap-around). r is reduced modulo max(n, 1) first, so the
  // index stays in [0, n) without overflow and n = 0 needs no special case.
  const ir::PrimType i64 = PrimType::I64;
  SubExp n = outerSize(xs, span);
  SubExp m = b_->binOp(BinOpKind::Max, i64, n, ir::PrimValue::int64(1), "rot_mod");
  SubExp shift = b_->binOp(BinOpKind::Mod, i64, r, m, "rot_shift");
  ir::BasicOp io = basic(ir::BasicOp::Kind::Iota);
  io.type = i64;
  io.args = {n, ir::PrimValue::int64(0), ir::PrimValue::int64(1)};
  ir::Screma s;
  s.width = n;
  s.inputs = {b_->let1("iota", io)};
  ir::Param i{names_.fresh("i"), ir::Type::prim(i64), nullptr};
  tenv_[i.name] = i.type;
  s.map.params = {i};
  Value rows;
  s.map.body = inBody([&] {
    SubExp j = b_->binOp(BinOpKind::Add, i64, i.name, shift, "j");
    j = b_->binOp(BinOpKind::Mod, i64, j, m, "j");
    std::string hint = std::move(hint_);
    hint_.clear();
    rows = indexValue(xs, ir::Slice{ir::DimIndex{true, j, {}, {}, {}}});
    hint_ = std::move(hint);
    return leaves(rows, span);
  });
  for (const SubExp& res : s.map.body.result)
    s.map.retTypes.push_back(typeOf(res));
  std::vector<VName> out = b_->let(hint_.empty() ? "rotated" : hint_, ir::Op{ir::Soac{s}},
                                   {site(span), "rotate"});
  return rebuild(xs, std::vector<SubExp>(out.begin(), out.end()));
}

// ---------------------------------------------------------------------------------------
// Indexing

ir::Slice Internaliser::slice(const std::vector<ast::DimIndex>& idx, const ir::Type& arrType,
                              Env& env, const SourceSpan& span) {
  ir::Slice s;
  std::vector<SubExp> checks;
  const ir::PrimType i64 = PrimType::I64;
  for (size_t d = 0; d < idx.size(); ++d) {
    const ast::DimIndex& di = idx[d];
    SubExp n = arrType.shape.at(d);
    // Indices of any integer type are widened to i64: signed ones sign-extended (a negative
    // index stays out of bounds), unsigned ones zero-extended.
    auto get = [&](const ast::ExprPtr& e) {
      SubExp v = leaves(expr(*e, env), span).at(0);
      bool narrow = e->type && e->type->kind == Type::Kind::Prim && e->type->prim != i64;
      return narrow ? b_->convert(e->type->prim, i64, v, "index") : v;
    };
    if (!di.isSlice) {
      SubExp i = get(di.index);
      s.push_back(ir::DimIndex{true, i, {}, {}, {}});
      if (!env.unsafe) {
        SubExp lo = b_->cmpOp(CmpOpKind::Le, i64, ir::PrimValue::int64(0), i, "lo_ok");
        SubExp hi = b_->cmpOp(CmpOpKind::Lt, i64, i, n, "hi_ok");
        checks.push_back(b_->binOp(BinOpKind::LogAnd, PrimType::Bool, lo, hi, "in_bounds"));
      }
      continue;
    }
    SubExp stride = SubExp(ir::PrimValue::int64(1));
    if (di.stride && di.stride->kind == ast::Expr::Kind::Negate &&
        di.stride->elems[0]->kind == ast::Expr::Kind::IntLit)
      stride = ir::PrimValue::int64(-static_cast<int64_t>(di.stride->elems[0]->intValue));
    else if (di.stride)
      stride = get(di.stride);
    bool negative = !stride.isVar() && stride.constant().i < 0;
    if (stride.isVar() && (!di.start || !di.end))
      unsupported(span, "a slice with a variable stride and a default bound");
    SubExp start = di.start ? get(di.start)
                   : negative ? b_->binOp(BinOpKind::Sub, i64, n, ir::PrimValue::int64(1), "start")
                              : SubExp(ir::PrimValue::int64(0));
    SubExp end = di.end ? get(di.end) : negative ? SubExp(ir::PrimValue::int64(-1)) : n;
    // count = (end - start + stride - sign(stride)) `quot` stride, at least 0; folded when
    // the bounds are constants, so that `map (.[1:3]) xss` has rows of a known size.
    SubExp count;
    if (!start.isVar() && !end.isVar() && !stride.isVar() && stride.constant().i != 0) {
      int64_t st = stride.constant().i, sg = st > 0 ? 1 : -1;
      int64_t q = (end.constant().i - start.constant().i + st - sg) / st;
      count = ir::PrimValue::int64(std::max<int64_t>(q, 0));
    } else {
      SubExp dist = b_->binOp(BinOpKind::Sub, i64, end, start, "dist");
      SubExp sgn = b_->unOp(ir::UnOpKind::Signum, i64, stride, "sgn");
      SubExp adj = b_->binOp(BinOpKind::Sub, i64, stride, sgn, "adj");
      SubExp num = b_->binOp(BinOpKind::Add, i64, dist, adj, "num");
      SubExp q = b_->binOp(BinOpKind::Quot, i64, num, stride, "count");
      count = b_->binOp(BinOpKind::Max, i64, q, ir::PrimValue::int64(0), "count");
    }
    s.push_back(ir::DimIndex{false, {}, start, count, stride});
    if (!env.unsafe && !negative) {
      // 0 <= start <= end <= n for forward slices
      SubExp a = b_->cmpOp(CmpOpKind::Le, i64, ir::PrimValue::int64(0), start, "lo_ok");
      SubExp b = b_->cmpOp(CmpOpKind::Le, i64, start, end, "mid_ok");
      SubExp c = b_->cmpOp(CmpOpKind::Le, i64, end, n, "hi_ok");
      SubExp ab = b_->binOp(BinOpKind::LogAnd, PrimType::Bool, a, b, "ok");
      checks.push_back(b_->binOp(BinOpKind::LogAnd, PrimType::Bool, ab, c, "in_bounds"));
    }
  }
  if (!checks.empty()) {
    SubExp all = checks[0];
    for (size_t i = 1; i < checks.size(); ++i)
      all = b_->binOp(BinOpKind::LogAnd, PrimType::Bool, all, checks[i], "in_bounds");
    b_->assertion(all, "index out of bounds at " + location(span), site(span));
  }
  return s;
}

Value Internaliser::indexValue(const Value& arr, const ir::Slice& s) {
  std::vector<SubExp> out;
  for (const SubExp& l : leaves(arr, {})) {
    ir::BasicOp op = basic(ir::BasicOp::Kind::Index);
    op.arr = l.var();
    op.slice = s;
    out.push_back(b_->let1(hint_.empty() ? l.var().name + "_elem" : hint_, op));
  }
  return rebuild(arr, out);
}

Value Internaliser::index(const ast::Expr& e, Env& env) {
  Value arr = expr(*e.elems[0], env);
  std::vector<SubExp> ls = leaves(arr, e.span);
  if (ls.empty() || !typeOf(ls[0]).isArray())
    unsupported(e.span, "indexing a non-array");
  ir::Slice s = slice(e.indices, typeOf(ls[0]), env, e.span);
  return indexValue(arr, s);
}

Value Internaliser::update(const Value& arr, const ir::Slice& s, const Value& v,
                           const SourceSpan& span) {
  std::vector<SubExp> as = leaves(arr, span), vs = leaves(v, span);
  std::vector<SubExp> out;
  for (size_t i = 0; i < as.size(); ++i) {
    ir::BasicOp idx = basic(ir::BasicOp::Kind::Index);
    idx.arr = as[i].var();
    idx.slice = s;
    ir::Type target = ir::basicOpTypes(idx, tenv_).at(0);
    std::vector<std::string> what(target.rank(), "the size of the slice");
    ir::BasicOp op = basic(ir::BasicOp::Kind::Update);
    op.arr = as[i].var();
    op.slice = s;
    op.args = {coerceLeaf(vs.at(i), target.shape, what, span)};
    out.push_back(b_->let1(as[i].var().name, op));
  }
  return rebuild(arr, out);
}

} // namespace fjord::internalise
