// Internalisation of `__filter` and `__partition` into a scan and a scatter (PLDI'17 §4:
// filter is not a SOAC of the core language; it is expressed with the ones that are).
//
// Note [Filter as scan and scatter]
//   filter p xs  (n = length xs)
//     let (offsets, flags) = screma xs: map (\x -> let f = i64(p x) in (f, f)), scan (+) 0
//                            -- offsets[i] = how many of xs[0..i] are kept (inclusive)
//     let count = if n == 0 then 0 else offsets[n-1]     -- an existential size
//     let dest  = replicate count 0
//     let kept  = scatter dest (map2 (\f o -> f * o - 1) flags offsets) xs
//   A kept element goes to offsets[i] - 1; a dropped one gets index -1, which scatter
//   ignores. partition writes the dropped elements after the kept ones instead, at
//   count + (i - offsets[i]) (the number of dropped elements before it), into an array of
//   size n, and returns its slices [0:count] and [count:n].
#include "internalise/Internaliser.h"
#include "ir/TypeOf.h"

namespace fjord::internalise {

using ir::BinOpKind;
using ir::CmpOpKind;
using ir::SubExp;
using ir::VName;

namespace {

SubExp i64(int64_t v) { return ir::PrimValue::int64(v); }

/// `(+)` on i64 with neutral element 0.
ir::RedOp addI64(ir::Builder& b) {
  ir::RedOp r;
  r.commutative = true;
  r.neutral = {i64(0)};
  ir::Param x = b.param("x", ir::Type::prim(PrimType::I64));
  ir::Param y = b.param("y", ir::Type::prim(PrimType::I64));
  ir::Builder body(b.names(), b.env());
  SubExp s = body.binOp(BinOpKind::Add, PrimType::I64, x.name, y.name, "t");
  r.op.params = {x, y};
  r.op.body = body.finish({s});
  r.op.retTypes = {ir::Type::prim(PrimType::I64)};
  return r;
}

} // namespace

Value Internaliser::soacFilter(const Arg& pred, const Arg& xs, bool partition,
                               const SourceSpan& span) {
  ir::Provenance prov{site(span), partition ? "partition" : "filter"};
  SubExp n = outerSize(xs.value, span);
  std::vector<SubExp> ins = leaves(xs.value, span);

  // Flags and their inclusive prefix sums, in one screma.
  ir::Screma flagsScan;
  flagsScan.width = n;
  for (const SubExp& in : ins)
    flagsScan.inputs.push_back(in.var());
  std::vector<ir::Param> params;
  Value row = freshParams(xs.value, ir::rowTypes(flagsScan.inputs, tenv_), params, "x");
  TypeRef rowType = xs.type && xs.type->kind == Type::Kind::Array ? xs.type->rowType() : xs.type;
  flagsScan.map.body = inBody([&] {
    SubExp keep = leaves(apply(pred.value, {Arg{row, rowType}}, span), span).at(0);
    SubExp flag = b_->convert(PrimType::Bool, PrimType::I64, keep, "flag");
    return std::vector<SubExp>{flag, flag};
  });
  flagsScan.map.params = std::move(params);
  flagsScan.map.retTypes = {ir::Type::prim(PrimType::I64), ir::Type::prim(PrimType::I64)};
  flagsScan.scans.push_back(addI64(*b_));
  std::vector<VName> scanned = b_->let("offsets", ir::Op{ir::Soac{flagsScan}}, prov);
  VName offsets = scanned.at(0), flags = scanned.at(1);

  // count = n == 0 ? 0 : offsets[n-1]
  ir::If countIf;
  countIf.cond = b_->cmpOp(CmpOpKind::Eq, PrimType::I64, n, i64(0), "empty");
  countIf.thenBody = ir::Body{{}, {i64(0)}};
  countIf.elseBody = inBody([&] {
    ir::BasicOp last;
    last.kind = ir::BasicOp::Kind::Index;
    last.arr = offsets;
    SubExp lastIdx = b_->binOp(BinOpKind::Sub, PrimType::I64, n, i64(1), "last");
    last.slice = {ir::DimIndex{/*fixed=*/true, lastIdx, {}, {}, {}}};
    return std::vector<SubExp>{b_->let1("count", last, prov)};
  });
  countIf.types = {ir::Type::prim(PrimType::I64)};
  SubExp count = b_->let1(partition ? "num_true" : "count", countIf, prov);

  // The destinations: one per leaf, of `count` (filter) or `n` (partition) rows.
  SubExp destLen = partition ? n : count;
  ir::Scatter sc;
  sc.width = n;
  sc.inputs = {flags, offsets};
  if (partition) {
    ir::BasicOp iota;
    iota.kind = ir::BasicOp::Kind::Iota;
    iota.type = PrimType::I64;
    iota.args = {n, i64(0), i64(1)};
    sc.inputs.push_back(b_->let1("index", iota, prov));
  }
  for (const SubExp& in : ins) {
    ir::Type t = typeOf(in);
    ir::BasicOp rep;
    rep.kind = ir::BasicOp::Kind::Replicate;
    rep.shape = {destLen};
    rep.shape.insert(rep.shape.end(), t.shape.begin() + 1, t.shape.end());
    rep.args = {ir::zeroOf(t.elem)};
    sc.dests.push_back(b_->let1(partition ? "partitioned" : "filtered", rep, prov));
    sc.inputs.push_back(in.var());
  }

  // The scatter function: (flag, offset, [index,] x...) -> (index per leaf ++ x...).
  std::vector<ir::Type> rows = ir::rowTypes(sc.inputs, tenv_);
  for (size_t k = 0; k < rows.size(); ++k)
    sc.fn.params.push_back(b_->param(k == 0 ? "flag" : k == 1 ? "offset" : "x", rows[k]));
  size_t firstValue = partition ? 3 : 2;
  sc.fn.body = inBody([&] {
    SubExp f = sc.fn.params[0].name, o = sc.fn.params[1].name;
    SubExp keptAt = b_->binOp(BinOpKind::Sub, PrimType::I64,
                              b_->binOp(BinOpKind::Mul, PrimType::I64, f, o, "t"), i64(1),
                              "kept_at");
    SubExp dest = keptAt;
    if (partition) {
      // kept: offset - 1; dropped: count + (i - offset).
      SubExp i = sc.fn.params[2].name;
      SubExp droppedAt = b_->binOp(BinOpKind::Add, PrimType::I64, count,
                                   b_->binOp(BinOpKind::Sub, PrimType::I64, i, o, "t"),
                                   "dropped_at");
      SubExp notF = b_->binOp(BinOpKind::Sub, PrimType::I64, i64(1), f, "t");
      SubExp keptPart = b_->binOp(BinOpKind::Mul, PrimType::I64, f,
                                  b_->binOp(BinOpKind::Sub, PrimType::I64, o, i64(1), "t"), "t");
      SubExp droppedPart = b_->binOp(BinOpKind::Mul, PrimType::I64, notF, droppedAt, "t");
      dest = b_->binOp(BinOpKind::Add, PrimType::I64, keptPart, droppedPart, "dest_at");
    }
    std::vector<SubExp> res(ins.size(), dest);
    for (size_t k = firstValue; k < sc.fn.params.size(); ++k)
      res.push_back(sc.fn.params[k].name);
    return res;
  });
  for (const SubExp& r : sc.fn.body.result)
    sc.fn.retTypes.push_back(typeOf(r));
  std::vector<VName> out = b_->let(partition ? "partitioned" : "filtered",
                                   ir::Op{ir::Soac{sc}}, prov);
  if (!partition)
    return rebuild(xs.value, std::vector<SubExp>(out.begin(), out.end()));

  // partition: the kept rows are [0:count], the dropped ones [count:n].
  auto slice = [&](const VName& arr, SubExp start, SubExp len, const std::string& name) {
    ir::BasicOp idx;
    idx.kind = ir::BasicOp::Kind::Index;
    idx.arr = arr;
    idx.slice = {ir::DimIndex{/*fixed=*/false, {}, start, len, i64(1)}};
    ir::Type t = typeOf(arr);
    for (size_t d = 1; d < t.shape.size(); ++d)
      idx.slice.push_back(ir::DimIndex{/*fixed=*/false, {}, i64(0), t.shape[d], i64(1)});
    return SubExp(b_->let1(name, idx, prov));
  };
  SubExp numFalse = b_->binOp(BinOpKind::Sub, PrimType::I64, n, count, "num_false");
  std::vector<SubExp> trues, falses;
  for (const VName& arr : out) {
    trues.push_back(slice(arr, i64(0), count, "trues"));
    falses.push_back(slice(arr, count, numFalse, "falses"));
  }
  return Value::tuple({rebuild(xs.value, trues), rebuild(xs.value, falses)});
}

} // namespace fjord::internalise
