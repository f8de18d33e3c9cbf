// LMAD slices in the interpreter (Note [LMAD slices] in syntax/Ast.h): `a[o + {(n1 : s1),
// ...}]` reads, and `a with [o + {...}] = v` writes, the flat elements of `a` at
// `o + i1*s1 + ...`, after the checks of symbolic/LmadSlice.h (the compiled code makes the
// same checks, so both fail on the same programs with the same message).
#include "interp/Eval.h"
#include "symbolic/LmadSlice.h"

namespace fjord::interp {

namespace {

std::string shapeText(const std::vector<int64_t>& shape) {
  std::string s;
  for (int64_t d : shape)
    s += "[" + std::to_string(d) + "]";
  return s;
}

} // namespace

Value Evaluator::flatSlice(const ast::Expr& e, const Env& env, const TypeEnv& tenv) {
  Value arr = eval(*e.elems[0], env, tenv);
  bool isUpdate = e.kind == ast::Expr::Kind::FlatUpdate;
  Value v = isUpdate ? eval(*e.elems[1], env, tenv) : Value();
  size_t k = ast::flatLmadStart(e);
  auto i64 = [&](size_t i) { return eval(*e.elems[i], env, tenv).prim().asSigned(); };
  int64_t offset = i64(k);
  std::vector<symbolic::ConcreteDim> dims;
  for (size_t d = 0; d < ast::flatLmadRank(e); ++d)
    dims.push_back({i64(k + 1 + 2 * d), i64(k + 2 + 2 * d)});

  // The LMAD addresses the first flatRank dimensions; any further ones form each element.
  const std::vector<int64_t>& shape = arr.shape();
  int64_t length = 1, unit = 1;
  std::vector<int64_t> viewShape;
  for (const symbolic::ConcreteDim& d : dims)
    viewShape.push_back(d.size);
  for (size_t i = 0; i < shape.size(); ++i) {
    if (i < e.flatRank) {
      length *= shape[i];
      continue;
    }
    unit *= shape[i];
    viewShape.push_back(shape[i]);
  }
  if (!symbolic::sliceInBounds(offset, dims, length))
    throw RuntimeError{e.span, "LMAD slice out of bounds for an array of " +
                                   std::to_string(length) + " elements"};
  if (isUpdate && !symbolic::sliceSeparated(dims))
    throw RuntimeError{e.span, "LMAD slice used as an update target may write an element twice"};

  int64_t count = 1;
  for (const symbolic::ConcreteDim& d : dims)
    count *= d.size;
  std::vector<int64_t> pos(dims.size(), 0);
  std::vector<Value> out;
  std::vector<Value> updated = isUpdate ? arr.elems() : std::vector<Value>{};
  if (isUpdate && (v.kind() != Value::Kind::Array || v.shape() != viewShape))
    throw RuntimeError{e.span, "size mismatch: cannot write a value of shape " +
                                   shapeText(v.kind() == Value::Kind::Array ? v.shape()
                                                                            : std::vector<int64_t>{}) +
                                   " to an LMAD slice of shape " + shapeText(viewShape)};
  for (int64_t n = 0; n < count; ++n) {
    int64_t address = offset;
    for (size_t d = 0; d < dims.size(); ++d)
      address += pos[d] * dims[d].stride;
    for (int64_t j = 0; j < unit; ++j) {
      if (isUpdate)
        updated[address * unit + j] = v.elems()[n * unit + j];
      else
        out.push_back(arr.elems()[address * unit + j]);
    }
    for (size_t d = dims.size(); d-- > 0;) {
      if (++pos[d] < dims[d].size)
        break;
      pos[d] = 0;
    }
  }
  if (isUpdate)
    return Value::array(shape, std::move(updated));
  return Value::array(std::move(viewShape), std::move(out));
}

} // namespace fjord::interp
