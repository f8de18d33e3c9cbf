// The interpreter's implementations of the intrinsics listed in sema/Builtins.cpp.
#include "interp/Eval.h"

#include <algorithm>
#include <optional>

namespace fjord::interp {

namespace {

std::vector<Value> rowsOf(const Value& arr) {
  std::vector<Value> rows;
  for (int64_t i = 0; i < arr.rows(); ++i)
    rows.push_back(arr.row(i));
  return rows;
}

/// The shape of one row of `t` (an array type) with unknown sizes as 0, for empty results.
std::vector<int64_t> rowShapeOf(const TypeRef& t) {
  size_t rank = t && t->kind == Type::Kind::Array ? t->shape.size() : 0;
  std::vector<int64_t> shape(rank > 0 ? rank - 1 : 0, 0);
  for (size_t d = 1; d < rank; ++d) // constant sizes are known even with no rows
    if (t->shape[d].kind == Size::Kind::Const)
      shape[d - 1] = t->shape[d].value;
  return shape;
}

Value stack(const std::vector<Value>& rows, const TypeRef& type, const SourceSpan& span) {
  Value out;
  if (!Value::fromRows(rows, rowShapeOf(type), out))
    throw RuntimeError{span, "function returned rows of different shapes (irregular array)"};
  return out;
}

TypeRef resultType(const Closure& c) {
  TypeRef t = c.type;
  for (size_t i = 0; i < c.arity && t && t->kind == Type::Kind::Function; ++i)
    t = t->result;
  return t;
}

PrimType primResult(const Closure& c, const SourceSpan& span) {
  TypeRef t = resultType(c);
  if (!t || t->kind != Type::Kind::Prim)
    throw RuntimeError{span, "internal: intrinsic `" + c.name + "` at a non-primitive type"};
  return t->prim;
}

int64_t i64Arg(const Value& v) { return v.prim().asSigned(); }

Value reduceRows(Evaluator& ev, const Value& op, Value acc, const Value& arr,
                 const SourceSpan& span) {
  for (int64_t i = 0; i < arr.rows(); ++i)
    acc = ev.apply(ev.apply(op, acc, span), arr.row(i), span);
  return acc;
}

/// Rows [start, start + k) of `arr`.
Value chunkOf(const Value& arr, int64_t start, int64_t k) {
  std::vector<int64_t> shape = arr.shape();
  shape.at(0) = k;
  auto first = arr.elems().begin() + start * arr.rowSize();
  return Value::array(std::move(shape), std::vector<Value>(first, first + k * arr.rowSize()));
}

/// The chunks that the streaming intrinsics use: up to three contiguous pieces (the last one
/// shorter), so that tests see per-chunk results combined; one empty chunk for empty input.
/// Valid programs give the same result for any split.
std::vector<std::pair<int64_t, int64_t>> chunks(int64_t n) {
  int64_t size = std::max<int64_t>(1, (n + 2) / 3);
  std::vector<std::pair<int64_t, int64_t>> out;
  for (int64_t start = 0; start < n; start += size)
    out.emplace_back(start, std::min(size, n - start));
  if (out.empty())
    out.emplace_back(0, 0);
  return out;
}

} // namespace

Value callIntrinsic(Evaluator& ev, const Closure& c, const SourceSpan& span) {
  const std::string& n = c.name;
  const std::vector<Value>& a = c.args;
  TypeRef rt = resultType(c);

  if (n == "__map") {
    std::vector<Value> out;
    for (int64_t i = 0; i < a[1].rows(); ++i)
      out.push_back(ev.apply(a[0], a[1].row(i), span));
    return stack(out, rt, span);
  }
  if (n == "__reduce" || n == "__reduce_comm")
    return reduceRows(ev, a[0], a[1], a[2], span);
  if (n == "__scan") {
    std::vector<Value> out;
    Value acc = a[1];
    for (int64_t i = 0; i < a[2].rows(); ++i) {
      acc = ev.apply(ev.apply(a[0], acc, span), a[2].row(i), span);
      out.push_back(acc);
    }
    return stack(out, rt, span);
  }
  if (n == "__filter" || n == "__partition") {
    std::vector<Value> yes, no;
    for (const Value& r : rowsOf(a[1]))
      (ev.apply(a[0], r, span).prim().asBool() ? yes : no).push_back(r);
    // The rows kept are rows of the input: an empty result keeps the input's row shape.
    auto keep = [&](const std::vector<Value>& rows, const TypeRef& t) {
      if (!rows.empty() || a[1].kind() != Value::Kind::Array)
        return stack(rows, t, span);
      std::vector<int64_t> shape = a[1].shape();
      shape[0] = 0;
      return Value::array(std::move(shape), {});
    };
    if (n == "__filter")
      return keep(yes, rt);
    TypeRef part = rt && rt->kind == Type::Kind::Tuple ? rt->elems[0] : nullptr;
    return Value::tuple({keep(yes, part), keep(no, part)});
  }
  if (n == "__scatter" || n == "__hist") {
    bool hist = n == "__hist";
    const Value& dest = a[0];
    const Value& is = hist ? a[3] : a[1];
    const Value& vs = hist ? a[4] : a[2];
    if (is.rows() != vs.rows())
      throw RuntimeError{span, "size mismatch: " + std::to_string(is.rows()) + " indices but " +
                                   std::to_string(vs.rows()) + " values"};
    std::vector<Value> rows = rowsOf(dest);
    for (int64_t k = 0; k < is.rows(); ++k) {
      int64_t i = i64Arg(is.row(k));
      if (i < 0 || i >= static_cast<int64_t>(rows.size()))
        continue;
      rows[i] = hist ? ev.apply(ev.apply(a[1], rows[i], span), vs.row(k), span) : vs.row(k);
    }
    return stack(rows, rt, span);
  }
  // Accumulators (Note [Accumulators] in internalise/InternaliseAcc.cpp): the function runs
  // on each element in order, its writes going straight into a copy of the destination.
  if (n == "__scatter_stream" || n == "__hist_stream") {
    bool hist = n == "__hist_stream";
    auto state = std::make_shared<AccState>();
    state->rows = rowsOf(a[0]);
    if (hist)
      state->op = a[1];
    const Value& f = hist ? a[3] : a[1];
    const Value& bs = hist ? a[4] : a[2];
    Value acc = Value::accumulator(state);
    for (int64_t k = 0; k < bs.rows(); ++k)
      acc = ev.apply(ev.apply(f, acc, span), bs.row(k), span);
    return stack(state->rows, rt, span);
  }
  if (n == "__acc_write") {
    AccState& state = a[0].acc();
    int64_t i = i64Arg(a[1]);
    if (i >= 0 && i < static_cast<int64_t>(state.rows.size()))
      state.rows[i] = state.op ? ev.apply(ev.apply(*state.op, state.rows[i], span), a[2], span)
                               : a[2];
    return a[0];
  }
  if (n == "__map_stream") {
    std::vector<Value> out;
    for (auto [start, k] : chunks(a[1].rows())) {
      Value k64 = PrimValue::integer(PrimType::I64, static_cast<uint64_t>(k));
      Value res = ev.apply(ev.apply(a[0], k64, span), chunkOf(a[1], start, k), span);
      if (res.rows() != k)
        throw RuntimeError{span, "map_stream: function returned " + std::to_string(res.rows()) +
                                     " elements for a chunk of " + std::to_string(k)};
      for (const Value& r : rowsOf(res))
        out.push_back(r);
    }
    return stack(out, rt, span);
  }
  if (n == "__reduce_stream" || n == "__reduce_stream_per") {
    std::optional<Value> acc;
    for (auto [start, k] : chunks(a[2].rows())) {
      Value k64 = PrimValue::integer(PrimType::I64, static_cast<uint64_t>(k));
      Value part = ev.apply(ev.apply(a[1], k64, span), chunkOf(a[2], start, k), span);
      acc = acc ? ev.apply(ev.apply(a[0], *acc, span), part, span) : part;
    }
    return *acc;
  }
  if (n == "__zip") {
    if (a[0].rows() != a[1].rows())
      throw RuntimeError{span, "size mismatch: cannot zip arrays of " + std::to_string(a[0].rows()) +
                                   " and " + std::to_string(a[1].rows()) + " elements"};
    std::vector<Value> out;
    for (int64_t i = 0; i < a[0].rows(); ++i)
      out.push_back(Value::tuple({a[0].row(i), a[1].row(i)}));
    return stack(out, rt, span);
  }
  if (n == "__unzip") {
    std::vector<Value> xs, ys;
    for (const Value& r : rowsOf(a[0])) {
      xs.push_back(r.components()[0]);
      ys.push_back(r.components()[1]);
    }
    TypeRef tx = rt && rt->kind == Type::Kind::Tuple ? rt->elems[0] : nullptr;
    TypeRef ty = rt && rt->kind == Type::Kind::Tuple ? rt->elems[1] : nullptr;
    return Value::tuple({stack(xs, tx, span), stack(ys, ty, span)});
  }
  if (n == "__iota") {
    int64_t k = i64Arg(a[0]);
    if (k < 0)
      throw RuntimeError{span, "iota of negative size " + std::to_string(k)};
    std::vector<Value> out;
    for (int64_t i = 0; i < k; ++i)
      out.emplace_back(PrimValue::integer(PrimType::I64, static_cast<uint64_t>(i)));
    return Value::array({k}, std::move(out));
  }
  if (n == "__replicate") {
    int64_t k = i64Arg(a[0]);
    if (k < 0)
      throw RuntimeError{span, "replicate of negative size " + std::to_string(k)};
    if (k == 0 && a[1].kind() == Value::Kind::Array) { // no rows, but the row's shape is known
      std::vector<int64_t> shape{0};
      shape.insert(shape.end(), a[1].shape().begin(), a[1].shape().end());
      return Value::array(std::move(shape), {});
    }
    return stack(std::vector<Value>(k, a[1]), rt, span);
  }
  if (n == "__transpose") {
    const Value& m = a[0];
    int64_t rows = m.shape()[0], cols = m.shape()[1], inner = m.rowSize() / std::max<int64_t>(cols, 1);
    std::vector<int64_t> shape = m.shape();
    std::swap(shape[0], shape[1]);
    std::vector<Value> out;
    for (int64_t j = 0; j < cols; ++j)
      for (int64_t i = 0; i < rows; ++i)
        for (int64_t k = 0; k < inner; ++k)
          out.push_back(m.elems()[(i * cols + j) * inner + k]);
    return Value::array(std::move(shape), std::move(out));
  }
  if (n == "__flatten") {
    std::vector<int64_t> shape = a[0].shape();
    shape[0] *= shape[1];
    shape.erase(shape.begin() + 1);
    return Value::array(std::move(shape), a[0].elems());
  }
  if (n == "__unflatten") {
    int64_t p = i64Arg(a[0]), q = i64Arg(a[1]);
    if (p < 0 || q < 0 || p * q != a[2].rows())
      throw RuntimeError{span, "size mismatch: cannot unflatten an array of " +
                                   std::to_string(a[2].rows()) + " elements into " +
                                   std::to_string(p) + " by " + std::to_string(q)};
    std::vector<int64_t> shape = a[2].shape();
    shape[0] = q;
    shape.insert(shape.begin(), p);
    return Value::array(std::move(shape), a[2].elems());
  }
  if (n == "__concat") {
    std::vector<Value> rows = rowsOf(a[0]);
    for (const Value& r : rowsOf(a[1]))
      rows.push_back(r);
    Value out;
    if (!Value::fromRows(rows, rowShapeOf(rt), out))
      throw RuntimeError{span, "size mismatch: cannot concatenate arrays with rows of different shapes"};
    return out;
  }
  if (n == "__rotate") {
    std::vector<Value> rows = rowsOf(a[1]);
    if (!rows.empty()) {
      int64_t k = static_cast<int64_t>(rows.size());
      int64_t r = ((i64Arg(a[0]) % k) + k) % k;
      std::rotate(rows.begin(), rows.begin() + r, rows.end());
    }
    return stack(rows, rt, span);
  }
  if (n == "__copy")
    return a[0];

  // Numeric intrinsics.
  PrimValue out;
  if (c.arity == 0) {
    if (numericConstant(n, primResult(c, span), out))
      return out;
  } else if (n == "__convert") {
    return convert(a[0].prim(), primResult(c, span));
  } else if (n == "__convert_zext") {
    // The signed operand's bits as the unsigned type of its width (`i32` -> `u32`) first.
    const PrimValue& x = a[0].prim();
    PrimType bits = *primFromName(std::string("u") + (primName(x.type) + 1));
    return convert(convert(x, bits), primResult(c, span));
  } else if (n == "__to_bits" || n == "__from_bits") {
    return bitcast(a[0].prim(), primResult(c, span));
  } else if (c.arity == 1) {
    if (numericUnary(n, a[0].prim(), out))
      return out;
  } else if (c.arity == 2) {
    if (numericBinary(n, a[0].prim(), a[1].prim(), out))
      return out;
  }
  throw RuntimeError{span, "intrinsic `" + n + "` is not supported yet by the interpreter"};
}

} // namespace fjord::interp
