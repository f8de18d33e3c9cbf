// LMAD slices `a[o + {(n1 : s1), ...}]` and their updates (Note [LMAD slices] in
// syntax/Ast.h) become FlatIndex / FlatUpdate (Note [Flat ops] in ir/IR.h), one per leaf of
// `a`, after assertions that check what symbolic/LmadSlice.h describes: bounds always, and
// separation for updates. With constant operands the simplifier folds them away.
//
// The source LMAD addresses the first `flatRank` dimensions of `a` (its type's rank where
// the slice was checked); when a polymorphic `[n]t` is instantiated with an array type,
// each element is a row of `R` scalars, and the IR op gets the scaled LMAD
// `o*R + {(n1 : s1*R), ..., (row dims, row-major)}` over the scalars.
#include "internalise/Internaliser.h"

namespace fjord::internalise {

using ir::BinOpKind;
using ir::CmpOpKind;
using ir::PrimType;
using ir::SubExp;

namespace {

constexpr PrimType kI64 = PrimType::I64;

SubExp i64(int64_t v) { return ir::PrimValue::int64(v); }

/// One dimension of the source-level LMAD, as operands.
struct FlatDim {
  SubExp size, stride;
};

/// Emits the run-time checks of an LMAD slice of an array of `length` elements; `at` is
/// the source location for the messages, `site` the span of the assertions.
void flatChecks(ir::Builder& b, const SubExp& offset, const std::vector<FlatDim>& dims,
                const SubExp& length, bool isUpdate, const std::string& at,
                const SourceSpan& site) {
  SubExp sizesOk = ir::PrimValue::boolean(true), empty = ir::PrimValue::boolean(false);
  SubExp lo = offset, hi = offset;
  std::vector<SubExp> abs, extent;
  for (const FlatDim& d : dims) {
    SubExp nonNeg = b.cmpOp(CmpOpKind::Le, kI64, i64(0), d.size, "size_ok");
    sizesOk = b.binOp(BinOpKind::LogAnd, PrimType::Bool, sizesOk, nonNeg, "sizes_ok");
    SubExp zero = b.cmpOp(CmpOpKind::Eq, kI64, d.size, i64(0), "is_empty");
    empty = b.binOp(BinOpKind::LogOr, PrimType::Bool, empty, zero, "empty");
    SubExp last = b.binOp(BinOpKind::Sub, kI64, d.size, i64(1), "last");
    SubExp span = b.binOp(BinOpKind::Mul, kI64, last, d.stride, "span");
    lo = b.binOp(BinOpKind::Add, kI64, lo, b.binOp(BinOpKind::Min, kI64, span, i64(0), "down"), "lo");
    hi = b.binOp(BinOpKind::Add, kI64, hi, b.binOp(BinOpKind::Max, kI64, span, i64(0), "up"), "hi");
    abs.push_back(b.unOp(ir::UnOpKind::Abs, kI64, d.stride, "abs_stride"));
    extent.push_back(b.binOp(BinOpKind::Mul, kI64, last, abs.back(), "extent"));
  }
  SubExp loOk = b.cmpOp(CmpOpKind::Le, kI64, i64(0), lo, "lo_ok");
  SubExp hiOk = b.cmpOp(CmpOpKind::Lt, kI64, hi, length, "hi_ok");
  SubExp inside = b.binOp(BinOpKind::LogAnd, PrimType::Bool, loOk, hiOk, "inside");
  SubExp inBounds = b.binOp(
      BinOpKind::LogAnd, PrimType::Bool, sizesOk,
      b.binOp(BinOpKind::LogOr, PrimType::Bool, empty, inside, "in_bounds"), "in_bounds");
  b.assertion(inBounds, "LMAD slice out of bounds at " + at, site);
  if (!isUpdate)
    return;
  // Separation (symbolic/LmadSlice.h): each |stride| exceeds the extents of the dimensions
  // ordered before it by |stride| (ties by position).
  SubExp separated = ir::PrimValue::boolean(true);
  for (size_t i = 0; i < dims.size(); ++i) {
    SubExp below = i64(0);
    for (size_t k = 0; k < dims.size(); ++k) {
      if (k == i)
        continue;
      SubExp before = b.cmpOp(k < i ? CmpOpKind::Le : CmpOpKind::Lt, kI64, abs[k], abs[i], "before");
      SubExp weight = b.convert(PrimType::Bool, kI64, before, "weight");
      below = b.binOp(BinOpKind::Add, kI64, below,
                      b.binOp(BinOpKind::Mul, kI64, weight, extent[k], "below"), "below");
    }
    SubExp single = b.cmpOp(CmpOpKind::Le, kI64, dims[i].size, i64(1), "single");
    SubExp apart = b.cmpOp(CmpOpKind::Lt, kI64, below, abs[i], "apart");
    separated = b.binOp(BinOpKind::LogAnd, PrimType::Bool, separated,
                        b.binOp(BinOpKind::LogOr, PrimType::Bool, single, apart, "dim_ok"),
                        "separated");
  }
  separated = b.binOp(BinOpKind::LogOr, PrimType::Bool, empty, separated, "separated");
  b.assertion(separated, "LMAD slice used as an update target may write an element twice at " + at,
              site);
}

} // namespace

SubExp Internaliser::withShape(const SubExp& arr, const ir::Shape& shape, const SourceSpan& span) {
  ir::Type t = typeOf(arr);
  if (t.shape == shape)
    return arr;
  for (size_t d = 0; d < shape.size() && d < t.shape.size(); ++d) {
    if (t.shape[d] == shape[d])
      continue;
    SubExp same = b_->cmpOp(CmpOpKind::Eq, kI64, t.shape[d], shape[d], "same_size");
    b_->assertion(same, "size mismatch: the value written has another shape at " + location(span),
                  site(span));
  }
  ir::BasicOp op;
  op.kind = ir::BasicOp::Kind::Reshape;
  op.arr = arr.var();
  op.shape = shape;
  return b_->let1(arr.var().name, op);
}

Value Internaliser::flatSlice(const ast::Expr& e, Env& env) {
  bool isUpdate = e.kind == ast::Expr::Kind::FlatUpdate;
  Value arr = expr(*e.elems[0], env);
  Value v = isUpdate ? expr(*e.elems[1], env) : Value{};
  size_t k = ast::flatLmadStart(e);
  auto operand = [&](size_t i) { return leaves(expr(*e.elems[i], env), e.elems[i]->span).at(0); };
  SubExp offset = operand(k);
  std::vector<FlatDim> dims;
  for (size_t d = 0; d < ast::flatLmadRank(e); ++d)
    dims.push_back({operand(k + 1 + 2 * d), operand(k + 2 + 2 * d)});

  std::vector<SubExp> as = leaves(arr, e.span);
  std::vector<SubExp> vs = isUpdate ? leaves(v, e.span) : std::vector<SubExp>{};
  const ir::Type first = as.empty() ? ir::Type{} : typeOf(as[0]);
  if (!first.isArray() || first.rank() < static_cast<int>(e.flatRank))
    unsupported(e.span, "this LMAD slice");
  ir::Shape outer(first.shape.begin(), first.shape.begin() + e.flatRank);
  SubExp length = i64(1);
  for (const SubExp& n : outer)
    length = b_->binOp(BinOpKind::Mul, kI64, length, n, "length");
  if (!env.unsafe)
    flatChecks(*b_, offset, dims, length, isUpdate, location(e.span), site(e.span));

  std::vector<SubExp> out;
  for (size_t l = 0; l < as.size(); ++l) {
    const ir::Type t = typeOf(as[l]);
    ir::Shape rows(t.shape.begin() + e.flatRank, t.shape.end());
    // Row-major strides of the row dimensions; `unit` is the number of scalars in a row.
    std::vector<SubExp> rowStrides(rows.size());
    SubExp unit = i64(1);
    for (size_t r = rows.size(); r-- > 0;) {
      rowStrides[r] = unit;
      unit = b_->binOp(BinOpKind::Mul, kI64, unit, rows[r], "row_size");
    }
    auto scaled = [&](const SubExp& x) {
      return rows.empty() ? x : b_->binOp(BinOpKind::Mul, kI64, x, unit, "scaled");
    };
    ir::BasicOp op;
    op.kind = isUpdate ? ir::BasicOp::Kind::FlatUpdate : ir::BasicOp::Kind::FlatIndex;
    op.arr = as[l].var();
    if (isUpdate) {
      ir::Shape shape;
      for (const FlatDim& d : dims)
        shape.push_back(d.size);
      shape.insert(shape.end(), rows.begin(), rows.end());
      op.args.push_back(withShape(vs.at(l), shape, e.span));
    }
    op.args.push_back(scaled(offset));
    for (const FlatDim& d : dims) {
      op.args.push_back(d.size);
      op.args.push_back(scaled(d.stride));
    }
    for (size_t r = 0; r < rows.size(); ++r) {
      op.args.push_back(rows[r]);
      op.args.push_back(rowStrides[r]);
    }
    std::string name = isUpdate ? as[l].var().name : hint_.empty() ? as[l].var().name + "_view" : hint_;
    out.push_back(b_->let1(name, op));
  }
  return rebuild(arr, out);
}

} // namespace fjord::internalise
