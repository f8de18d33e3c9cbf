// Flattening of row-valued scatters and histograms (see the header).
//
// Note [Flattening row updates]
// A scatter or histogram whose destination has rank r > 1 updates whole rows: input i
// writes (or combines into) row is[i] of dest : [k][d_1]...[d_{r-1}]t. Rows are contiguous
// in row-major order, so with M = d_1 * ... * d_{r-1} the same update is one over flat
// arrays: element j (0 <= j < M) of input i goes to flat position is[i]*M + j of
// `reshape [k*M] dest` and comes from flat position i*M + j of `reshape [n*M] vss`. A row
// index outside [0, k) is skipped (Futhark's semantics); all its elements get flat index
// -1, which the flat operation skips too (is[i]*M + j alone would be out of range as well,
// except where the product wraps around for a huge is[i]). The flat operation runs over n*M points, each decoding (i, j) from its
// point, so all the work is parallel and a histogram keeps atomics for a scalar operator.
//
// A histogram's operator must be elementwise: its body is map-only scremas of the row's
// outer width whose inputs are the operator's own parameters and whose results it returns,
// recursively down to scalars (`map2 (+)`, `map2 (map2 f32.max)`, one map per component of
// a tuple of rows; gpu/ElementwiseOperator.h, applied once per dimension of the row). Its neutral
// element is `x` when the row neutral is `replicate m x`, else the row's first element: a
// monoid's identity is unique, so every column's neutral is that same scalar (and with
// M = 0 there are no flat elements, so any value serves).
//
// When the SOAC's lambda computes indices or values (a fused map), a map-only screma first
// materialises them, so that the flat operations read arrays. Rank-one destinations of the
// same SOAC stay together in one SOAC with an identity lambda; each row destination of a
// scatter, and each histogram operator over rows, becomes its own flat SOAC. Splitting is
// exact: the destinations are distinct arrays.
#include "gpu/FlattenRowUpdates.h"

#include "gpu/DeviceFunctions.h"
#include "gpu/ElementwiseOperator.h"
#include "gpu/HostCode.h"
#include "ir/Builder.h"
#include "ir/Traverse.h"
#include "ir/TypeOf.h"
#include "support/Diagnostics.h"

#include <map>
#include <optional>
#include <set>

namespace fjord::gpu {
namespace {

using namespace ir;
using ir::Type; // not fjord::Type (source-language types)

SubExp i64(int64_t v) { return PrimValue::int64(v); }
const Type kI64 = Type::prim(PrimType::I64);

const Soac* asSoac(const Exp& e) {
  const Op* op = std::get_if<Op>(&e);
  return op ? std::get_if<Soac>(op) : nullptr;
}

Exp soacExp(Soac s) { return Exp{Op{std::move(s)}}; }

BasicOp reshapeOp(const VName& arr, Shape shape) {
  BasicOp op;
  op.kind = BasicOp::Kind::Reshape;
  op.arr = arr;
  op.shape = std::move(shape);
  return op;
}

/// The type of every name bound in a function, and its `replicate`s (for neutral elements).
class Scope : public Walker {
public:
  TypeEnv env;
  std::map<VName, SubExp> replicated; ///< `let x = replicate shape v`: x -> v

  void binder(const VName& v) override { env.emplace(v, kI64); } // loop iterators
  void param(const Param& p) override {
    env[p.name] = p.type;
    Walker::param(p);
  }
  void stm(const Stm& s) override {
    const BasicOp* op = std::get_if<BasicOp>(&s.exp);
    if (op && op->kind == BasicOp::Kind::Replicate && s.pat.size() == 1)
      replicated[s.pat[0].name] = op->args.at(0);
    Walker::stm(s);
  }
};

/// The scalar operator of `op`, an operator on arrays of shape `shape`, when it is
/// elementwise at every level (Note [Flattening row updates]); nullopt otherwise.
std::optional<Lambda> scalarOperator(Lambda op, const Shape& shape, NameSource& names) {
  for (size_t d = 0; d < shape.size(); ++d) {
    Shape rest(shape.begin() + d, shape.end());
    for (const Param& p : op.params)
      if (!(p.type.shape == rest))
        return std::nullopt;
    std::optional<ElementwiseOp> e = elementwiseOperator(op, names);
    if (!e || !(e->width == shape[d]))
      return std::nullopt;
    op = std::move(e->scalar);
  }
  for (const Param& p : op.params)
    if (p.type.isArray())
      return std::nullopt;
  for (const Type& t : op.retTypes)
    if (t.isArray())
      return std::nullopt;
  return op;
}

/// The flat iteration space of one row update: M elements per row, N = width * M points.
struct FlatSpace {
  SubExp rowSize;
  SubExp width;
  VName points; ///< iota N
};

class Flattener {
public:
  Flattener(NameSource& names, Scope& scope, DiagnosticEngine& diags)
      : names_(names), scope_(scope), diags_(diags) {}

  Body body(const Body& b) {
    return rewriteHostCode(b, [&](Stm s, std::vector<Stm>& out) { stm(std::move(s), out); });
  }

private:
  NameSource& names_;
  Scope& scope_;
  DiagnosticEngine& diags_;

  Builder builder() { return Builder(names_, scope_.env); }
  const Type& typeOf(const VName& v) const { return scope_.env.at(v); }

  void stm(Stm s, std::vector<Stm>& out) {
    if (const Soac* soac = asSoac(s.exp)) {
      if (auto* sc = std::get_if<Scatter>(soac); sc && scatter(s, *sc, out))
        return;
      if (auto* h = std::get_if<Hist>(soac); h && hist(s, *h, out))
        return;
    }
    out.push_back(std::move(s));
  }

  /// One array per result of `fn`: the input itself when the result is a parameter, else
  /// the result of one map computing all such results. When every result is a parameter
  /// but `fn` has checks (bounds, assertions), the first result is computed so they run.
  std::vector<VName> materialise(const Stm& s, const SubExp& width,
                                 const std::vector<VName>& inputs, const Lambda& fn,
                                 Builder& b) {
    std::vector<VName> arrays(fn.body.result.size());
    Lambda computed = fn;
    computed.body.result.clear();
    computed.retTypes.clear();
    std::vector<size_t> computedAt;
    for (size_t k = 0; k < fn.body.result.size(); ++k) {
      const SubExp& r = fn.body.result[k];
      bool found = false;
      for (size_t p = 0; p < fn.params.size() && !found; ++p)
        if (r.isVar() && r.var() == fn.params[p].name) {
          arrays[k] = inputs.at(p);
          found = true;
        }
      if (!found) {
        computed.body.result.push_back(r);
        computed.retTypes.push_back(fn.retTypes.at(k));
        computedAt.push_back(k);
      }
    }
    if (computedAt.empty() && !fn.body.result.empty() && mayFail(fn.body)) {
      computed.body.result.push_back(fn.body.result[0]);
      computed.retTypes.push_back(fn.retTypes.at(0));
      computedAt.push_back(0);
    }
    if (!computedAt.empty()) {
      std::vector<VName> made =
          b.let("operand", soacExp(Screma{width, inputs, computed, {}, {}}), s.prov);
      for (size_t j = 0; j < computedAt.size(); ++j)
        arrays[computedAt[j]] = made[j];
    }
    return arrays;
  }

  /// The identity lambda over one row of each of `arrays`.
  Lambda identity(const std::vector<VName>& arrays) {
    Lambda l;
    for (const Type& t : rowTypes(arrays, scope_.env)) {
      Builder b = builder();
      l.params.push_back(b.param("x", t));
      l.body.result.push_back(l.params.back().name);
      l.retTypes.push_back(t);
    }
    return l;
  }

  FlatSpace flatSpace(const SubExp& width, const Shape& row, Builder& b) {
    SubExp m = row.at(0);
    for (size_t d = 1; d < row.size(); ++d)
      m = b.binOp(BinOpKind::Mul, PrimType::I64, m, row[d], "row_size");
    SubExp n = b.binOp(BinOpKind::Mul, PrimType::I64, width, m, "flat_width");
    BasicOp iota;
    iota.kind = BasicOp::Kind::Iota;
    iota.type = PrimType::I64;
    iota.args = {n, i64(0), i64(1)};
    return FlatSpace{m, n, b.let1("flat_point", Exp{iota})};
  }

  /// `\(t : i64, v_1 : e_1, ...) -> {flat bucket of point t, v_1, ...}`: point t is
  /// element t % M of input t / M, whose row index is rows[t / M].
  Lambda flatLambda(const FlatSpace& f, const VName& rows, const SubExp& k,
                    const std::vector<PrimType>& elems) {
    Builder lb = builder();
    Lambda l;
    l.params.push_back(lb.param("point", kI64));
    l.retTypes.push_back(kI64);
    for (PrimType e : elems) {
      l.params.push_back(lb.param("v", Type::prim(e)));
      l.retTypes.push_back(Type::prim(e));
    }
    const VName& t = l.params[0].name;
    SubExp i = lb.binOp(BinOpKind::Quot, PrimType::I64, t, f.rowSize, "input");
    SubExp j = lb.binOp(BinOpKind::Rem, PrimType::I64, t, f.rowSize, "column");
    BasicOp index;
    index.kind = BasicOp::Kind::Index;
    index.arr = rows;
    index.slice = {DimIndex{/*fixed=*/true, i, {}, {}, {}}};
    SubExp row = lb.let1("row", Exp{index});
    SubExp lo = lb.cmpOp(CmpOpKind::Le, PrimType::I64, i64(0), row, "nonneg");
    SubExp hi = lb.cmpOp(CmpOpKind::Lt, PrimType::I64, row, k, "below");
    SubExp ok = lb.binOp(BinOpKind::LogAnd, PrimType::Bool, lo, hi, "in_bounds");
    Builder tb = builder();
    SubExp start = tb.binOp(BinOpKind::Mul, PrimType::I64, row, f.rowSize, "row_start");
    SubExp at = tb.binOp(BinOpKind::Add, PrimType::I64, start, j, "flat_at");
    If pick{ok, tb.finish({at}), Body{{}, {i64(-1)}}, {kI64}};
    SubExp flat = lb.let1("flat_at", Exp{std::move(pick)});
    std::vector<SubExp> result{flat};
    for (size_t e = 0; e < elems.size(); ++e)
      result.push_back(l.params[1 + e].name);
    l.body = lb.finish(std::move(result));
    return l;
  }

  /// The scalar neutral element of a row neutral `ne` (Note [Flattening row updates]).
  SubExp scalarNeutral(SubExp ne, const SubExp& rowSize, PrimType elem, Builder& b) {
    while (ne.isVar() && scope_.replicated.count(ne.var()))
      ne = scope_.replicated.at(ne.var());
    if (!ne.isVar() || !typeOf(ne.var()).isArray())
      return ne;
    Builder tb = builder();
    BasicOp index;
    index.kind = BasicOp::Kind::Index;
    index.arr = ne.var();
    for (int d = 0; d < typeOf(ne.var()).rank(); ++d)
      index.slice.push_back(DimIndex{/*fixed=*/true, i64(0), {}, {}, {}});
    SubExp first = tb.let1("neutral", Exp{index});
    SubExp nonEmpty = b.cmpOp(CmpOpKind::Lt, PrimType::I64, i64(0), rowSize, "nonempty");
    If pick{nonEmpty, tb.finish({first}), Body{{}, {zeroOf(elem)}}, {Type::prim(elem)}};
    return b.let1("neutral", Exp{std::move(pick)});
  }

  bool scatter(const Stm& s, const Scatter& sc, std::vector<Stm>& out) {
    size_t nd = sc.dests.size();
    bool rows = false;
    for (const VName& d : sc.dests)
      rows = rows || typeOf(d).rank() > 1;
    if (!rows)
      return false;
    FJORD_CHECK(s.pat.size() == nd && sc.fn.body.result.size() == 2 * nd,
                "scatter pattern does not match its destinations");
    Builder b = builder();
    std::vector<VName> arrays = materialise(s, sc.width, sc.inputs, sc.fn, b);
    std::vector<VName> flatIdx, flatVal, flatDests;
    std::vector<PatElem> flatPat;
    for (size_t d = 0; d < nd; ++d) {
      const Type dt = typeOf(sc.dests[d]);
      if (dt.rank() == 1) {
        flatIdx.push_back(arrays[d]);
        flatVal.push_back(arrays[nd + d]);
        flatDests.push_back(sc.dests[d]);
        flatPat.push_back(s.pat[d]);
        continue;
      }
      FJORD_CHECK(typeOf(arrays[nd + d]).rank() == dt.rank(),
                  "scatter values are not rows of their destination");
      const SubExp& k = dt.shape[0];
      FlatSpace f = flatSpace(sc.width, Shape(dt.shape.begin() + 1, dt.shape.end()), b);
      VName values = b.let1("flat_values", reshapeOp(arrays[nd + d], {f.width}), s.prov);
      SubExp size = b.binOp(BinOpKind::Mul, PrimType::I64, k, f.rowSize, "flat_size");
      VName dest = b.let1("flat_dest", reshapeOp(sc.dests[d], {size}), s.prov);
      Lambda fn = flatLambda(f, arrays[d], k, {dt.elem});
      VName written = b.let1("scattered_flat",
                             soacExp(Scatter{f.width, {f.points, values}, fn, {dest}}), s.prov);
      b.add(Stm{{s.pat[d]}, Exp{reshapeOp(written, dt.shape)}, s.prov});
    }
    if (!flatDests.empty()) {
      std::vector<VName> inputs = flatIdx;
      inputs.insert(inputs.end(), flatVal.begin(), flatVal.end());
      Lambda id = identity(inputs);
      b.add(Stm{flatPat, soacExp(Scatter{sc.width, inputs, id, flatDests}), s.prov});
    }
    for (Stm& stm : b.take())
      out.push_back(std::move(stm));
    return true;
  }

  bool hist(const Stm& s, const Hist& h, std::vector<Stm>& out) {
    std::vector<std::optional<Lambda>> scalarOps(h.ops.size());
    bool rows = false;
    for (size_t o = 0; o < h.ops.size(); ++o) {
      const HistOp& op = h.ops[o];
      FJORD_CHECK(!op.dests.empty(), "histogram operator without destinations");
      const Type& first = typeOf(op.dests[0]);
      if (first.rank() == 1)
        continue;
      rows = true;
      bool sameShapes = true;
      for (const VName& d : op.dests)
        sameShapes = sameShapes && typeOf(d).shape == first.shape;
      if (sameShapes)
        scalarOps[o] = scalarOperator(op.op.op,
                                      Shape(first.shape.begin() + 1, first.shape.end()), names_);
      if (!scalarOps[o]) {
        diags_.unsupported(s.prov.span, "a histogram whose buckets are arrays, with an operator "
                                        "that is not elementwise on them (supported: operators "
                                        "that map over the rows, such as `map2 (+)`)");
        return false;
      }
    }
    if (!rows)
      return false;
    Builder b = builder();
    std::vector<VName> arrays = materialise(s, h.width, h.inputs, h.bucketFn, b);
    // The bucket function returns one bucket per operator, then each operator's values.
    std::vector<VName> buckets1, values1;
    std::vector<HistOp> ops1;
    std::vector<PatElem> pat1;
    size_t value = h.ops.size(), dest = 0;
    for (size_t o = 0; o < h.ops.size(); ++o) {
      const HistOp& op = h.ops[o];
      size_t q = op.dests.size();
      std::vector<VName> vals(arrays.begin() + value, arrays.begin() + value + q);
      std::vector<PatElem> pat(s.pat.begin() + dest, s.pat.begin() + dest + q);
      value += q;
      dest += q;
      if (!scalarOps[o]) {
        buckets1.push_back(arrays[o]);
        values1.insert(values1.end(), vals.begin(), vals.end());
        ops1.push_back(op);
        pat1.insert(pat1.end(), pat.begin(), pat.end());
        continue;
      }
      const Type dt = typeOf(op.dests[0]);
      const SubExp& k = dt.shape[0];
      FlatSpace f = flatSpace(h.width, Shape(dt.shape.begin() + 1, dt.shape.end()), b);
      SubExp size = b.binOp(BinOpKind::Mul, PrimType::I64, k, f.rowSize, "flat_size");
      std::vector<VName> inputs{f.points}, dests;
      std::vector<PrimType> elems;
      RedOp scalar{op.op.commutative, *scalarOps[o], {}};
      for (size_t j = 0; j < q; ++j) {
        PrimType elem = typeOf(op.dests[j]).elem;
        elems.push_back(elem);
        inputs.push_back(b.let1("flat_values", reshapeOp(vals[j], {f.width}), s.prov));
        dests.push_back(b.let1("flat_dest", reshapeOp(op.dests[j], {size}), s.prov));
        scalar.neutral.push_back(scalarNeutral(op.op.neutral.at(j), f.rowSize, elem, b));
      }
      Lambda fn = flatLambda(f, arrays[o], k, elems);
      Hist flat{f.width, inputs, {HistOp{size, dests, scalar}}, fn};
      std::vector<VName> results = b.let("hist_flat", soacExp(std::move(flat)), s.prov);
      for (size_t j = 0; j < q; ++j)
        b.add(Stm{{pat[j]}, Exp{reshapeOp(results[j], typeOf(op.dests[j]).shape)}, s.prov});
    }
    if (!ops1.empty()) {
      std::vector<VName> inputs = buckets1;
      inputs.insert(inputs.end(), values1.begin(), values1.end());
      Lambda id = identity(inputs);
      b.add(Stm{pat1, soacExp(Hist{h.width, inputs, ops1, id}), s.prov});
    }
    for (Stm& stm : b.take())
      out.push_back(std::move(stm));
    return true;
  }
};

} // namespace

Prog flattenRowUpdates(Prog prog, DiagnosticEngine& diags) {
  std::set<std::string> device = deviceFunctions(prog);
  for (FunDef& f : prog.funs) {
    if (device.count(f.name))
      continue; // kernel code: its SOACs run sequentially in a thread
    Scope scope;
    for (const Param& p : f.params)
      scope.param(p);
    scope.body(f.body);
    Flattener flattener(prog.names, scope, diags);
    f.body = flattener.body(f.body);
  }
  return prog;
}

} // namespace fjord::gpu
