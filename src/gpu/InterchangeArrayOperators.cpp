// Interchanging array reductions and scans with a map (see the header).
//
// Note [Interchanging array operators]
// `reduce (map2 (+)) ne xss` with xss : [n][m]t combines n rows of m elements. A SegRed
// would need one m-element accumulator per thread and per block-level partial result
// (private or shared arrays of unknown size), which the GPU algorithms do not have. When the
// operator is elementwise - a `map` of a scalar operator over its array operands - column j
// of the result depends only on column j of xss, so the reduction equals
//   map (\ne_j col_j -> reduce op' ne_j col_j) ne (transpose xss)
// with op' the scalar operator. Kernel extraction makes this a SegMap of m threads, each
// folding its column sequentially in registers (LowerNestedSoac). The transpose is a view
// (mem/ gives the rearrange an LMAD, no copy): at step i, thread j reads xss[i, j], so
// neighbouring threads read neighbouring addresses (coalesced). The same holds for scans,
// whose [m][n] result is rearranged back to [n][m] (again a view). Futhark's kernel
// extractor interchanges such SOACs with maps in the same way. When m is small and n large
// this exposes only m-way parallelism; that trade is accepted for now. A host-level
// reduction whose operator is not elementwise is split the same way and then reduced in two
// stages over chunks of rows (Note [Chunked array reductions] in ChunkArrayReductions.cpp).
//
// A fused Screma (a map producing the operand rows, perhaps with scalar scans and
// reductions) is split first: a Screma computing everything but the array operators, with
// the array operands as extra mapped results, then one column map per array operator. Map
// results that are just an input row are not materialised: the input is the operand.
//
// In kernel code (SOAC lambdas, device functions) array reductions already work: the thread
// folds into one accumulator array (LowerNestedSoac foldArrayOp). Array scans there are
// rewritten as above, the thread then scanning column by column.
#include "gpu/InterchangeArrayOperators.h"

#include "gpu/ChunkArrayReductions.h"
#include "gpu/DeviceFunctions.h"
#include "gpu/ElementwiseOperator.h"
#include "gpu/HostCode.h"
#include "ir/Traverse.h"
#include "ir/TypeOf.h"
#include "support/Diagnostics.h"

#include <optional>
#include <utility>

namespace fjord::gpu {
namespace {

using namespace ir;
using ir::Type; // not fjord::Type (source-language types)

bool hasArrayOperands(const RedOp& op) {
  for (const Param& p : op.op.params)
    if (p.type.isArray())
      return true;
  return false;
}

Stm scremaStm(std::vector<PatElem> pat, Screma s, const Provenance& prov) {
  return Stm{std::move(pat), Exp{Op{Soac{std::move(s)}}}, prov};
}

/// Swaps the two outer dimensions: `[a][b]rest` <-> `[b][a]rest`.
std::vector<int> swapOuter(int rank) {
  std::vector<int> perm{1, 0};
  for (int d = 2; d < rank; ++d)
    perm.push_back(d);
  return perm;
}

Stm rearrangeStm(const PatElem& pat, const VName& arr, int rank, const Provenance& prov) {
  BasicOp op;
  op.kind = BasicOp::Kind::Rearrange;
  op.arr = arr;
  op.perm = swapOuter(rank);
  return Stm{{pat}, Exp{std::move(op)}, prov};
}

/// An array scan or reduction of a Screma: where its operands sit among the map lambda's
/// results (and the statement's pattern), and its scalar operator when elementwise.
struct ArrayOp {
  bool scan = false;
  const RedOp* op = nullptr;
  size_t first = 0;
  std::optional<ElementwiseOp> elementwise;
};

class Interchanger : public Mutator {
public:
  Interchanger(NameSource& names, DiagnosticEngine& diags) : names_(names), diags_(diags) {}

  /// Kernel code: every body nested in it, rewriting elementwise array scans.
  Body body(const Body& b) override {
    Body out;
    for (const Stm& s : b.stms)
      rewrite(Mutator::stm(s), /*host=*/false, out.stms);
    out.result = b.result;
    return out;
  }

  Body hostBody(const Body& b) {
    return rewriteHostCode(b, [&](Stm s, std::vector<Stm>& out) {
      // The lambdas of a host-level SOAC (other than a stream) run in kernels.
      const Op* op = std::get_if<Op>(&s.exp);
      const Soac* soac = op ? std::get_if<Soac>(op) : nullptr;
      if (soac && !std::holds_alternative<Stream>(*soac))
        s = Mutator::stm(s);
      rewrite(std::move(s), /*host=*/true, out);
    });
  }

private:
  NameSource& names_;
  DiagnosticEngine& diags_;

  /// Appends `stm`, interchanged when it is a Screma with array operators to rewrite: at
  /// host level scans and reductions, in kernel code scans only.
  void rewrite(Stm stm, bool host, std::vector<Stm>& out) {
    const Screma* s = asScrema(stm.exp);
    if (!s) {
      out.push_back(std::move(stm));
      return;
    }
    std::vector<ArrayOp> arrayOps;
    size_t pos = 0;
    auto collect = [&](const std::vector<RedOp>& ops, bool scan) {
      for (const RedOp& r : ops) {
        if (hasArrayOperands(r) && (host || scan))
          arrayOps.push_back({scan, &r, pos, elementwiseOperator(r.op, names_)});
        pos += r.neutral.size();
      }
    };
    collect(s->scans, true);
    collect(s->reds, false);
    if (arrayOps.empty()) {
      out.push_back(std::move(stm));
      return;
    }
    for (const ArrayOp& a : arrayOps)
      if (!a.elementwise && a.scan) {
        // In kernel code mem/ reports the scan; at host level the GPU algorithms would.
        // (Host-level reductions with such operators are chunked instead: see below.)
        if (host)
          diags_.unsupported(stm.prov.span,
                             "a scan whose operands are arrays and whose operator is not "
                             "elementwise (a `map` over the operands)");
        out.push_back(std::move(stm));
        return;
      }
    split(stm, *s, arrayOps, out);
  }

  /// The Screma without its array operators, whose operands it returns as mapped arrays
  /// instead; then one column map (or chunked reduction) per array operator.
  void split(const Stm& stm, const Screma& s, std::vector<ArrayOp>& arrayOps,
             std::vector<Stm>& out) {
    const Lambda& map = s.map;
    auto isArrayOp = [&](const RedOp& r) {
      for (const ArrayOp& a : arrayOps)
        if (a.op == &r)
          return true;
      return false;
    };
    Screma rest;
    rest.width = s.width;
    rest.inputs = s.inputs;
    rest.map.params = map.params;
    rest.map.body.stms = map.body.stms;
    std::vector<PatElem> restPat;
    auto keep = [&](size_t q) {
      rest.map.body.result.push_back(map.body.result.at(q));
      rest.map.retTypes.push_back(map.retTypes.at(q));
      restPat.push_back(stm.pat.at(q));
    };
    size_t pos = 0;
    for (const RedOp& r : s.scans) {
      if (!isArrayOp(r)) {
        rest.scans.push_back(r);
        for (size_t j = 0; j < r.neutral.size(); ++j)
          keep(pos + j);
      }
      pos += r.neutral.size();
    }
    for (const RedOp& r : s.reds) {
      if (!isArrayOp(r)) {
        rest.reds.push_back(r);
        for (size_t j = 0; j < r.neutral.size(); ++j)
          keep(pos + j);
      }
      pos += r.neutral.size();
    }
    size_t nOperators = pos;
    size_t others = restPat.size() + (map.retTypes.size() - nOperators);
    // An operand that is an input row is the input itself, unless nothing else would be
    // left to compute and the map lambda has checks that must still run.
    bool shortcut = others > 0 || !mayFail(map.body);

    std::vector<std::vector<VName>> operands(arrayOps.size());
    for (size_t a = 0; a < arrayOps.size(); ++a)
      for (size_t j = 0; j < arrayOps[a].op->neutral.size(); ++j) {
        size_t q = arrayOps[a].first + j;
        const SubExp& r = map.body.result.at(q);
        std::optional<VName> input;
        for (size_t p = 0; p < map.params.size() && r.isVar(); ++p)
          if (map.params[p].name == r.var())
            input = s.inputs.at(p);
        if (input && shortcut) {
          operands[a].push_back(*input);
          continue;
        }
        PatElem arr{names_.fresh(stm.pat.at(q).name.name + "_operand"),
                    arrayOf(map.retTypes.at(q), s.width), nullptr};
        rest.map.body.result.push_back(r);
        rest.map.retTypes.push_back(map.retTypes.at(q));
        restPat.push_back(arr);
        operands[a].push_back(arr.name);
      }
    for (size_t q = nOperators; q < map.retTypes.size(); ++q)
      keep(q);
    if (!restPat.empty())
      out.push_back(scremaStm(std::move(restPat), std::move(rest), stm.prov));
    for (size_t a = 0; a < arrayOps.size(); ++a) {
      if (arrayOps[a].elementwise) {
        interchange(stm, s.width, arrayOps[a], operands[a], out);
        continue;
      }
      const RedOp& r = *arrayOps[a].op;
      std::vector<PatElem> results(stm.pat.begin() + arrayOps[a].first,
                                   stm.pat.begin() + arrayOps[a].first + r.neutral.size());
      chunkArrayReduction(r, s.width, operands[a], results, stm.prov, names_, out);
    }
  }

  /// `map (\ne_j col_j -> reduce/scan op' ne_j col_j) ne (transposed operands)`.
  void interchange(const Stm& stm, const SubExp& n, const ArrayOp& a,
                   const std::vector<VName>& operands, std::vector<Stm>& out) {
    const RedOp& r = *a.op;
    const ElementwiseOp& ew = *a.elementwise;
    size_t k = r.neutral.size();
    Screma columns;
    columns.width = ew.width;
    Lambda& body = columns.map;
    std::vector<Param> neParams, colParams;
    Screma fold; // over one column
    fold.width = n;
    RedOp scalar{r.commutative, ew.scalar, {}};
    std::vector<PatElem> foldPat;
    for (size_t j = 0; j < k; ++j) {
      const Param& opParam = r.op.params.at(j);
      const SubExp& ne = r.neutral.at(j);
      FJORD_CHECK(ne.isVar(), "an array neutral element is not a variable");
      Type row = opParam.type.rowType();
      Type col = arrayOf(row, n);
      Param neP{names_.fresh("ne"), row, nullptr};
      Param colP{names_.fresh("column"), col, nullptr};
      neParams.push_back(neP);
      colParams.push_back(colP);
      columns.inputs.push_back(ne.var()); // the neutral elements, then the columns

      Param elem{names_.fresh("elem"), row, nullptr};
      fold.inputs.push_back(colP.name);
      fold.map.params.push_back(elem);
      fold.map.body.result.push_back(elem.name);
      fold.map.retTypes.push_back(row);
      scalar.neutral.push_back(neP.name);
      Type resultType = a.scan ? col : row;
      foldPat.push_back(PatElem{names_.fresh(a.scan ? "scanned" : "reduced"), resultType, nullptr});
      body.retTypes.push_back(resultType);
      body.body.result.push_back(foldPat.back().name);
    }
    (a.scan ? fold.scans : fold.reds).push_back(std::move(scalar));
    body.params = neParams;
    body.params.insert(body.params.end(), colParams.begin(), colParams.end());
    body.body.stms.push_back(scremaStm(foldPat, std::move(fold), stm.prov));
    // Rows of rank > 1 leave array operators on each column: kernel code now.
    body.body = this->body(body.body);

    std::vector<PatElem> columnsPat;
    std::vector<Stm> back; // scans: the [m][n] results rearranged to the pattern's [n][m]
    for (size_t j = 0; j < k; ++j) {
      const PatElem& result = stm.pat.at(a.first + j);
      int rank = result.type.rank();
      FJORD_CHECK(rank >= 1 + (a.scan ? 1 : 0), "array operator result of too low rank");
      Type t = arrayOf(body.retTypes[j], ew.width);
      // The operand's columns: [n][m]rest -> [m][n]rest.
      Type opType = arrayOf(r.op.params[j].type, n);
      PatElem opnd{names_.fresh(operands[j].name + "_tr"), opType, nullptr};
      opnd.type.unique = false;
      std::swap(opnd.type.shape[0], opnd.type.shape[1]);
      out.push_back(rearrangeStm(opnd, operands[j], opType.rank(), stm.prov));
      columns.inputs.push_back(opnd.name);
      if (!a.scan) {
        columnsPat.push_back(result);
        continue;
      }
      PatElem transposed{names_.fresh(result.name.name + "_tr"), t, nullptr};
      columnsPat.push_back(transposed);
      back.push_back(rearrangeStm(result, transposed.name, t.rank(), stm.prov));
    }
    out.push_back(scremaStm(std::move(columnsPat), std::move(columns), stm.prov));
    out.insert(out.end(), back.begin(), back.end());
  }
};

} // namespace

Prog interchangeArrayOperators(Prog prog, DiagnosticEngine& diags) {
  std::set<std::string> device = deviceFunctions(prog);
  Interchanger in(prog.names, diags);
  for (FunDef& f : prog.funs)
    f.body = device.count(f.name) ? in.body(f.body) : in.hostBody(f.body);
  return prog;
}

} // namespace fjord::gpu
