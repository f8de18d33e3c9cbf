// Pattern binding, run-time size checks against declared types, and indexing/slicing with
// bounds checks.
#include "interp/Eval.h"
#include "symbolic/Expr.h"

#include <algorithm>

namespace fjord::interp {

namespace {

std::string shapeStr(const std::vector<int64_t>& shape) {
  std::string s;
  for (int64_t d : shape)
    s += "[" + std::to_string(d) + "]";
  return s;
}

const Value* lookupOpt(const Env& env, int uid) {
  for (const EnvNode* n = env.get(); n; n = n->next.get())
    if (n->uid == uid)
      return &n->value;
  return nullptr;
}

/// One evaluated DimIndex: a single index, or a slice as (start, count, stride).
struct Dim {
  bool slice = false;
  int64_t start = 0, count = 1, stride = 1;
};

std::string indexText(const std::vector<std::pair<bool, std::vector<int64_t>>>& parts) {
  std::string s = "[";
  for (size_t i = 0; i < parts.size(); ++i) {
    if (i)
      s += ", ";
    const auto& [isSlice, v] = parts[i];
    if (!isSlice) {
      s += std::to_string(v[0]);
      continue;
    }
    s += (v[0] == INT64_MIN ? "" : std::to_string(v[0])) + ":" +
         (v[1] == INT64_MIN ? "" : std::to_string(v[1]));
    if (v[2] != INT64_MIN)
      s += ":" + std::to_string(v[2]);
  }
  return s + "]";
}

std::vector<Dim> evalDims(Evaluator& ev, const Value& arr,
                          const std::vector<ast::DimIndex>& indices, const Env& env,
                          const TypeEnv& tenv, const SourceSpan& span) {
  std::vector<std::pair<bool, std::vector<int64_t>>> written;
  auto num = [&](const ast::ExprPtr& e) {
    return e ? ev.eval(*e, env, tenv).prim().asSigned() : INT64_MIN;
  };
  for (const ast::DimIndex& ix : indices) {
    if (!ix.isSlice)
      written.push_back({false, {num(ix.index)}});
    else
      written.push_back({true, {num(ix.start), num(ix.end), num(ix.stride)}});
  }
  const std::vector<int64_t>& shape = arr.shape();
  std::vector<Dim> dims;
  for (size_t i = 0; i < written.size(); ++i) {
    int64_t n = i < shape.size() ? shape[i] : 0;
    const auto& [isSlice, v] = written[i];
    Dim d;
    bool ok;
    if (!isSlice) {
      d.start = v[0];
      ok = i < shape.size() && v[0] >= 0 && v[0] < n;
    } else {
      d.slice = true;
      d.stride = v[2] == INT64_MIN ? 1 : v[2];
      bool up = d.stride > 0;
      int64_t start = v[0] != INT64_MIN ? v[0] : (up ? 0 : n - 1);
      int64_t end = v[1] != INT64_MIN ? v[1] : (up ? n : -1);
      d.start = start;
      if (d.stride == 0) {
        ok = false;
      } else if (up) {
        d.count = end > start ? (end - start + d.stride - 1) / d.stride : 0;
        ok = 0 <= start && start <= end && end <= n;
      } else {
        d.count = start > end ? (start - end + (-d.stride) - 1) / (-d.stride) : 0;
        ok = d.count == 0 ? (-1 <= end && end <= start && start <= n)
                          : (0 <= start && start < n && -1 <= end && end < start);
      }
    }
    if (!ok)
      throw RuntimeError{span, "index " + indexText(written) + " out of bounds for array of shape " +
                                   shapeStr(shape)};
    dims.push_back(d);
  }
  return dims;
}

/// Calls `f(outFlat, inFlat)` for every element selected by `dims` (remaining dimensions
/// taken whole), in row-major order of the result.
template <typename F>
void forEachSelected(const std::vector<int64_t>& shape, const std::vector<Dim>& dims, F f) {
  size_t rank = shape.size();
  std::vector<int64_t> strides(rank, 1);
  for (size_t i = rank; i-- > 1;)
    strides[i - 1] = strides[i] * shape[i];
  std::vector<int64_t> counts;
  for (size_t i = 0; i < rank; ++i)
    counts.push_back(i < dims.size() ? dims[i].count : shape[i]);
  int64_t total = 1;
  for (int64_t c : counts)
    total *= c;
  std::vector<int64_t> pos(rank, 0);
  for (int64_t out = 0; out < total; ++out) {
    int64_t in = 0;
    for (size_t i = 0; i < rank; ++i) {
      int64_t idx = i < dims.size() ? dims[i].start + pos[i] * dims[i].stride : pos[i];
      in += idx * strides[i];
    }
    f(out, in);
    for (size_t i = rank; i-- > 0;) {
      if (++pos[i] < counts[i])
        break;
      pos[i] = 0;
    }
  }
}

std::vector<int64_t> resultShape(const std::vector<int64_t>& shape, const std::vector<Dim>& dims) {
  std::vector<int64_t> out;
  for (size_t i = 0; i < shape.size(); ++i)
    if (i >= dims.size())
      out.push_back(shape[i]);
    else if (dims[i].slice)
      out.push_back(dims[i].count);
  return out;
}

} // namespace

bool Evaluator::bindPattern(const ast::Pattern& p, const Value& v, Env& env, const TypeEnv& tenv) {
  switch (p.kind) {
  case ast::Pattern::Kind::Id:
    env = extend(env, p.name.uid, v);
    return true;
  case ast::Pattern::Kind::Wildcard:
    return true;
  case ast::Pattern::Kind::Tuple:
    if (p.elems.size() == 1)
      return bindPattern(*p.elems[0], v, env, tenv);
    for (size_t i = 0; i < p.elems.size(); ++i)
      if (!bindPattern(*p.elems[i], v.components()[i], env, tenv))
        return false;
    return true;
  case ast::Pattern::Kind::Record:
    for (const auto& [name, sub] : p.fields)
      if (!bindPattern(*sub, *v.field(name), env, tenv))
        return false;
    return true;
  case ast::Pattern::Kind::Ascribed:
    checkSizes(*p.typeExp, v, env, /*bindNew=*/true, p.span);
    return bindPattern(*p.elems[0], v, env, tenv);
  case ast::Pattern::Kind::Literal:
    return eval(*p.literal, env, tenv) == v;
  case ast::Pattern::Kind::Constructor:
    if (v.kind() != Value::Kind::Sum || v.constructorName() != p.name.base)
      return false;
    for (size_t i = 0; i < p.elems.size(); ++i)
      if (!bindPattern(*p.elems[i], v.components()[i], env, tenv))
        return false;
    return true;
  }
  return false;
}

void Evaluator::checkSizes(const ast::TypeExp& te, const Value& v, Env& env, bool bindNew,
                           const SourceSpan& span) {
  switch (te.kind) {
  case ast::TypeExp::Kind::Array: {
    // Walk the nested array type expressions along the value's shape.
    const ast::TypeExp* t = &te;
    size_t depth = 0;
    for (; t && t->kind == ast::TypeExp::Kind::Array;
         t = t->args.empty() ? nullptr : t->args[0].get(), ++depth) {
      if (v.kind() != Value::Kind::Array || depth >= v.shape().size())
        return;
      int64_t actual = v.shape()[depth];
      // An empty array's inner dimensions after an outer 0 may be 0 only because no row was
      // ever computed (a map over nothing): they are unknown, not wrong.
      bool unknown = actual == 0 && v.elems().empty() &&
                     std::find(v.shape().begin(), v.shape().begin() + static_cast<long>(depth),
                               0) != v.shape().begin() + static_cast<long>(depth);
      if (unknown)
        continue;
      if (t->dimConst && *t->dimConst != actual)
        throw RuntimeError{span, "size mismatch: expected size " + std::to_string(*t->dimConst) +
                                     " but got an array of shape " + shapeStr(v.shape())};
      if (t->dimUid >= 0) {
        if (const Value* known = lookupOpt(env, t->dimUid)) {
          if (known->prim().asSigned() != actual)
            throw RuntimeError{span, "size mismatch: expected `" + *t->dimName + "` = " +
                                         std::to_string(known->prim().asSigned()) +
                                         " but got an array of shape " + shapeStr(v.shape())};
        } else if (bindNew) {
          env = extend(env, t->dimUid, PrimValue::integer(PrimType::I64, static_cast<uint64_t>(actual)));
        }
      }
      if (t->dimExpr && t->resolved && t->resolved->kind == Type::Kind::Array &&
          t->resolved->shape[0].kind == Size::Kind::Expr) {
        // A size expression (`[n+1]`): its value from the values of its variables.
        const Size& size = t->resolved->shape[0];
        std::map<std::string, int64_t> values;
        for (const Size& var : size.vars())
          if (const Value* known = var.uid >= 0 ? lookupOpt(env, var.uid) : nullptr)
            values[sizeVarKey(var)] = known->prim().asSigned();
        std::optional<int64_t> expected = size.expr->eval(values);
        if (expected && *expected != actual)
          throw RuntimeError{span, "size mismatch: expected `" + size.str() + "` = " +
                                       std::to_string(*expected) +
                                       " but got an array of shape " + shapeStr(v.shape())};
      }
    }
    return;
  }
  case ast::TypeExp::Kind::Tuple:
    if (te.args.size() == 1)
      return checkSizes(*te.args[0], v, env, bindNew, span);
    if (v.kind() == Value::Kind::Tuple)
      for (size_t i = 0; i < te.args.size() && i < v.components().size(); ++i)
        checkSizes(*te.args[i], v.components()[i], env, bindNew, span);
    return;
  case ast::TypeExp::Kind::Record:
    if (v.kind() == Value::Kind::Record)
      for (const auto& [name, sub] : te.fields)
        if (const Value* f = v.field(name))
          checkSizes(*sub, *f, env, bindNew, span);
    return;
  case ast::TypeExp::Kind::Unique:
    return checkSizes(*te.args[0], v, env, bindNew, span);
  default:
    return;
  }
}

Value Evaluator::index(const Value& arr, const std::vector<ast::DimIndex>& indices,
                       const Env& env, const TypeEnv& tenv, const SourceSpan& span) {
  std::vector<Dim> dims = evalDims(*this, arr, indices, env, tenv, span);
  std::vector<int64_t> shape = resultShape(arr.shape(), dims);
  const std::vector<Value>& in = arr.elems();
  if (shape.empty()) {
    Value out;
    forEachSelected(arr.shape(), dims, [&](int64_t, int64_t i) { out = in[i]; });
    return out;
  }
  std::vector<Value> elems;
  forEachSelected(arr.shape(), dims, [&](int64_t, int64_t i) { elems.push_back(in[i]); });
  return Value::array(std::move(shape), std::move(elems));
}

Value Evaluator::update(const Value& arr, const std::vector<ast::DimIndex>& indices,
                        const Value& v, const Env& env, const TypeEnv& tenv,
                        const SourceSpan& span) {
  std::vector<Dim> dims = evalDims(*this, arr, indices, env, tenv, span);
  std::vector<int64_t> shape = resultShape(arr.shape(), dims);
  std::vector<int64_t> valueShape = v.kind() == Value::Kind::Array ? v.shape() : std::vector<int64_t>{};
  if (shape != valueShape)
    throw RuntimeError{span, "size mismatch: cannot write a value of shape " + shapeStr(valueShape) +
                                 " to a slice of shape " + shapeStr(shape)};
  std::vector<Value> elems = arr.elems();
  forEachSelected(arr.shape(), dims, [&](int64_t out, int64_t i) {
    elems[i] = shape.empty() ? v : v.elems()[out];
  });
  return Value::array(arr.shape(), std::move(elems));
}

} // namespace fjord::interp
