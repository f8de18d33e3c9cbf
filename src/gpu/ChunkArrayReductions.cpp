// Two-stage reductions of arrays with an operator that is not elementwise (see the header).
//
// Note [Chunked array reductions]
// `reduce op ne xss` with xss : [n][m]t and an operator on whole rows that is not a `map`
// over them (keep the row with the larger first element, multiply rows seen as 2x2
// matrices) cannot be interchanged into a map over columns (Note [Interchanging array
// operators]), and the GPU reduction algorithms have no per-thread array accumulators. But
// kernels already fold array reductions sequentially in the thread, into one accumulator
// array (LowerNestedSoac foldArrayOp, Note [Nested SOAC memory] in mem/Expand.h). So:
//   stage 1: T threads; thread t folds the contiguous rows [t*c, min(n, (t+1)*c)) with
//            c = ceil(n/T), giving partials : [T][m]t;
//   stage 2: one thread folds the T partials.
// Chunks are contiguous and both stages fold in order, so non-commutative operators are
// correct. The slice of a chunk has a thread-dependent size but is a view (no memory).
//
// T: the sequential work is c rows per stage-1 thread plus T rows in stage 2, smallest when
// T = c = sqrt(n); T = 1 + floor(sqrt(n)), at most n. Any T >= 1 is correct (c is
// computed from T, so T*c >= n), so floating-point rounding in the square root does not
// matter. A tuning parameter would be nicer, but tuning names exist only in Imp (Note
// [Tuning parameters in Imp]), not in the core IR where this rewrite happens.
#include "gpu/ChunkArrayReductions.h"

#include "ir/Traverse.h"
#include "ir/TypeOf.h"
#include "support/Diagnostics.h"

#include <utility>

namespace fjord::gpu {
namespace {

using namespace ir;
using ir::Type; // not fjord::Type (source-language types)

class Emitter {
public:
  Emitter(NameSource& names, const Provenance& prov) : names_(names), prov_(prov) {}

  SubExp let(const std::string& hint, PrimType t, BasicOp op, std::vector<Stm>& out) {
    PatElem p{names_.fresh(hint), Type::prim(t), nullptr};
    out.push_back(Stm{{p}, Exp{std::move(op)}, prov_});
    return p.name;
  }

  SubExp bin(BinOpKind k, SubExp x, SubExp y, const std::string& hint, std::vector<Stm>& out) {
    BasicOp op;
    op.kind = BasicOp::Kind::BinOp;
    op.type = PrimType::I64;
    op.binOp = k;
    op.args = {std::move(x), std::move(y)};
    return let(hint, PrimType::I64, std::move(op), out);
  }

  SubExp convert(PrimType from, PrimType to, SubExp x, const std::string& hint,
                 std::vector<Stm>& out) {
    BasicOp op;
    op.kind = BasicOp::Kind::Convert;
    op.type = from;
    op.toType = to;
    op.args = {std::move(x)};
    return let(hint, to, std::move(op), out);
  }

  VName iota(const SubExp& n, const std::string& hint, std::vector<Stm>& out) {
    BasicOp op;
    op.kind = BasicOp::Kind::Iota;
    op.type = PrimType::I64;
    op.args = {n, PrimValue::int64(0), PrimValue::int64(1)};
    PatElem p{names_.fresh(hint), Type::array(PrimType::I64, {n}), nullptr};
    out.push_back(Stm{{p}, Exp{std::move(op)}, prov_});
    return p.name;
  }

  /// `let {reduced ...} = screma(width, arrays) map identity reduce {op (renamed), ne}`:
  /// the fold of `arrays` (rows of the operator's row types) run by one thread.
  std::vector<SubExp> fold(const RedOp& op, const SubExp& width, const std::vector<VName>& arrays,
                           const std::string& hint, std::vector<Stm>& out) {
    Screma s;
    s.width = width;
    s.inputs = arrays;
    RedOp r = op;
    r.op = renameLambda(op.op, names_);
    std::vector<PatElem> pat;
    std::vector<SubExp> result;
    for (size_t j = 0; j < arrays.size(); ++j) {
      const Type& row = op.op.params.at(j).type;
      Param x{names_.fresh("row"), row, nullptr};
      s.map.params.push_back(x);
      s.map.body.result.push_back(x.name);
      s.map.retTypes.push_back(row);
      pat.push_back(PatElem{names_.fresh(hint), row, nullptr});
      result.push_back(pat.back().name);
    }
    s.reds.push_back(std::move(r));
    out.push_back(Stm{std::move(pat), Exp{Op{Soac{std::move(s)}}}, prov_});
    return result;
  }

  /// `let {arrays ...} = screma(width, {iota width}) map \(i) -> body`, the body built by
  /// `make(i, stms)` returning one value per element of `types`.
  template <class Make>
  std::vector<VName> mapOver(const SubExp& width, const std::vector<Type>& types,
                             const std::string& hint, std::vector<Stm>& out, Make make) {
    Screma s;
    s.width = width;
    s.inputs = {iota(width, "iota", out)};
    Param i{names_.fresh("i"), Type::prim(PrimType::I64), nullptr};
    s.map.params = {i};
    s.map.body.result = make(SubExp(i.name), s.map.body.stms);
    s.map.retTypes = types;
    std::vector<PatElem> pat;
    std::vector<VName> arrays;
    for (const Type& t : types) {
      pat.push_back(PatElem{names_.fresh(hint), arrayOf(t, width), nullptr});
      arrays.push_back(pat.back().name);
    }
    out.push_back(Stm{std::move(pat), Exp{Op{Soac{std::move(s)}}}, prov_});
    return arrays;
  }

private:
  NameSource& names_;
  const Provenance& prov_;
};

} // namespace

void chunkArrayReduction(const RedOp& op, const SubExp& n, const std::vector<VName>& operands,
                         const std::vector<PatElem>& results, const Provenance& prov,
                         NameSource& names, std::vector<Stm>& out) {
  FJORD_CHECK(operands.size() == op.neutral.size() && results.size() == operands.size(),
              "chunked array reduction: operands, neutral elements and results differ");
  Emitter e(names, prov);
  std::vector<Type> rows;
  for (size_t j = 0; j < operands.size(); ++j)
    rows.push_back(op.op.params.at(j).type);

  // T = min n (1 + i64 (sqrt (f64 n))); c = ceil(n / max T 1).
  SubExp nf = e.convert(PrimType::I64, PrimType::F64, n, "rows_f64", out);
  BasicOp sqrt;
  sqrt.kind = BasicOp::Kind::Call;
  sqrt.fn = "sqrt";
  sqrt.type = PrimType::F64;
  sqrt.args = {nf};
  SubExp root = e.let("rows_sqrt", PrimType::F64, std::move(sqrt), out);
  SubExp rootInt = e.convert(PrimType::F64, PrimType::I64, root, "rows_sqrt_i64", out);
  SubExp wanted = e.bin(BinOpKind::Add, rootInt, PrimValue::int64(1), "chunks_wanted", out);
  SubExp chunks = e.bin(BinOpKind::Min, n, wanted, "chunks", out);
  SubExp divisor = e.bin(BinOpKind::Max, chunks, PrimValue::int64(1), "chunks_nonzero", out);
  SubExp up = e.bin(BinOpKind::Add, n, divisor, "rows_up", out);
  SubExp up1 = e.bin(BinOpKind::Sub, up, PrimValue::int64(1), "rows_up", out);
  SubExp chunk = e.bin(BinOpKind::Div, up1, divisor, "chunk_rows", out);

  // Stage 1: thread t folds rows [min n (t*c), min n ((t+1)*c)).
  std::vector<VName> partials =
      e.mapOver(chunks, rows, "partials", out, [&](const SubExp& t, std::vector<Stm>& body) {
        SubExp start = e.bin(BinOpKind::Mul, t, chunk, "chunk_start", body);
        SubExp lo = e.bin(BinOpKind::Min, n, start, "chunk_lo", body);
        SubExp next = e.bin(BinOpKind::Add, t, PrimValue::int64(1), "next_chunk", body);
        SubExp end = e.bin(BinOpKind::Mul, next, chunk, "chunk_end", body);
        SubExp hi = e.bin(BinOpKind::Min, n, end, "chunk_hi", body);
        SubExp count = e.bin(BinOpKind::Sub, hi, lo, "chunk_len", body);
        std::vector<VName> slices;
        for (size_t j = 0; j < operands.size(); ++j) {
          BasicOp index;
          index.kind = BasicOp::Kind::Index;
          index.arr = operands[j];
          DimIndex d;
          d.fixed = false;
          d.start = lo;
          d.count = count;
          d.stride = PrimValue::int64(1);
          index.slice = {d};
          PatElem slice{names.fresh(operands[j].name + "_chunk"), arrayOf(rows[j], count),
                        nullptr};
          body.push_back(Stm{{slice}, Exp{std::move(index)}, prov});
          slices.push_back(slice.name);
        }
        return e.fold(op, count, slices, "chunk_reduced", body);
      });

  // Stage 2: one thread folds the partials in order.
  std::vector<VName> combined = e.mapOver(
      PrimValue::int64(1), rows, "combined", out, [&](const SubExp&, std::vector<Stm>& body) {
        return e.fold(op, chunks, partials, "partials_reduced", body);
      });
  for (size_t j = 0; j < results.size(); ++j) {
    BasicOp index;
    index.kind = BasicOp::Kind::Index;
    index.arr = combined[j];
    DimIndex d;
    d.index = PrimValue::int64(0);
    index.slice = {d};
    out.push_back(Stm{{results[j]}, Exp{std::move(index)}, prov});
  }
}

} // namespace fjord::gpu
