// Kernel extraction: host-level SOACs -> SegMap/SegRed/SegScan/SegHist (see the header).
// `scatter` becomes a SegMap with write destinations.
//
// Note [Kernel bodies]
// A SegOp body runs once per point (gtid_1, ..., gtid_q) of its space. It starts with one
// `Index` statement per lambda parameter that the body uses, reading the parameter's row
// of its input at the point: `let x = xs[gtid]` (scalar) or `let r = a[gtid, 0:m:1]`
// (array row: a slice, which mem/ gives the input's block and a sliced LMAD, no copy).
// In a map nest, an inner input that is an outer parameter is indexed straight from the
// outer array: `let y = a[gtid_1, gtid_2]`. Unused parameters get no statement. The
// lambda's statements follow unchanged, and its result is the body's result.
//
// Note [Iota inputs]
// An input bound by a host-level `let is = iota n, start, stride` is not read from memory:
// its element at gtid is `start + gtid * stride` (in the iota's type): a few instructions
// instead of one global memory read per thread. The iota is then often unused; extraction drops
// host-level iotas that nothing uses, so no memory is allocated for them.
#include "gpu/ExtractKernels.h"

#include "gpu/DeviceFunctions.h"
#include "ir/TypeOf.h"
#include "ir/Traverse.h"
#include "support/Diagnostics.h"

#include <map>
#include <tuple>
#include <utility>

namespace fjord::gpu {
namespace {

using namespace ir;
using ir::Type; // not fjord::Type (source-language types)

SubExp i64(int64_t v) { return PrimValue::int64(v); }

Stm basicStm(std::vector<PatElem> pat, BasicOp op, const Provenance& prov) {
  return Stm{std::move(pat), Exp{std::move(op)}, prov};
}

/// `let p = arr[idxs..., 0:d:1 for each dimension d of p]`.
Stm bindRow(const Param& p, const VName& arr, const std::vector<SubExp>& idxs,
            const Provenance& prov) {
  BasicOp op;
  op.kind = BasicOp::Kind::Index;
  op.arr = arr;
  for (const SubExp& i : idxs)
    op.slice.push_back(DimIndex{/*fixed=*/true, i, {}, {}, {}});
  for (const SubExp& d : p.type.shape)
    op.slice.push_back(DimIndex{/*fixed=*/false, {}, i64(0), d, i64(1)});
  return basicStm({Param{p.name, p.type, nullptr}}, std::move(op), prov);
}

/// `let p = se` (an alias when `se` is an array).
Stm bindValue(const Param& p, SubExp se, const Provenance& prov) {
  BasicOp op;
  op.kind = BasicOp::Kind::SubExp;
  op.args = {std::move(se)};
  return basicStm({Param{p.name, p.type, nullptr}}, std::move(op), prov);
}

/// `let p = start + i * stride`: element i of `iota n, start, stride` (Note [Iota inputs]),
/// computed in the iota's type (wrapping as the iota does); no multiply by 1 nor add of 0.
void bindIotaElement(const Param& p, const BasicOp& iota, const SubExp& i, NameSource& names,
                     const Provenance& prov, std::vector<Stm>& out) {
  PrimType t = iota.type;
  const SubExp& start = iota.args[1];
  const SubExp& stride = iota.args[2];
  auto isConst = [](const SubExp& se, int64_t v) { return !se.isVar() && se.constant().i == v; };
  std::vector<BasicOp> ops; // each one's result is the next one's first operand
  if (t != PrimType::I64) {
    BasicOp conv;
    conv.kind = BasicOp::Kind::Convert;
    conv.type = PrimType::I64;
    conv.toType = t;
    conv.args = {i};
    ops.push_back(std::move(conv));
  }
  for (auto [k, operand, identity] :
       {std::tuple{BinOpKind::Mul, stride, 1}, std::tuple{BinOpKind::Add, start, 0}}) {
    if (isConst(operand, identity))
      continue;
    BasicOp op;
    op.kind = BasicOp::Kind::BinOp;
    op.binOp = k;
    op.type = t;
    op.args = {SubExp(), operand};
    ops.push_back(std::move(op));
  }
  if (ops.empty()) {
    out.push_back(bindValue(p, i, prov));
    return;
  }
  SubExp x = i;
  for (size_t k = 0; k < ops.size(); ++k) {
    BasicOp& op = ops[k];
    op.args[0] = x;
    bool last = k + 1 == ops.size();
    VName v = last ? p.name
                   : names.fresh(op.kind == BasicOp::Kind::Convert ? "iota_index" : "iota_offset");
    out.push_back(basicStm({Param{v, last ? p.type : Type::prim(t), nullptr}}, std::move(op), prov));
    x = SubExp(v);
  }
}

bool isMapOnly(const Screma& s) { return s.scans.empty() && s.reds.empty(); }

const Soac* asSoac(const Exp& e) {
  const Op* op = std::get_if<Op>(&e);
  return op ? std::get_if<Soac>(op) : nullptr;
}

/// Whether `body` returns exactly the variables bound by `pat`, in order.
bool returnsPattern(const Body& body, const std::vector<PatElem>& pat) {
  if (body.result.size() != pat.size())
    return false;
  for (size_t i = 0; i < pat.size(); ++i)
    if (!body.result[i].isVar() || !(body.result[i].var() == pat[i].name))
      return false;
  return true;
}

/// One dimension of a kernel's space with the lambda whose parameters it binds.
struct Level {
  VName gtid;
  SubExp width;
  const Lambda* lam;
  std::vector<VName> inputs;
};

class Extractor {
public:
  Extractor(Prog& prog, DiagnosticEngine& diags)
      : names_(prog.names), diags_(diags), device_(deviceFunctions(prog)) {
    for (const FunDef& f : prog.funs)
      funs_[f.name] = &f;
  }

  bool isDevice(const std::string& fn) const { return device_.count(fn) != 0; }

  Body hostBody(const Body& body) {
    Body out;
    out.result = body.result;
    for (const Stm& s : body.stms)
      hostStm(s, out.stms);
    return out;
  }

private:
  NameSource& names_;
  DiagnosticEngine& diags_;
  std::set<std::string> device_;
  std::map<std::string, const FunDef*> funs_;
  /// The host-level iotas seen so far (names are unique: a use is in the iota's scope).
  std::map<VName, BasicOp> iotas_;

  void hostStm(const Stm& stm, std::vector<Stm>& out) {
    if (const auto* op = std::get_if<BasicOp>(&stm.exp); op && op->kind == BasicOp::Kind::Iota &&
                                                          stm.pat.size() == 1)
      iotas_[stm.pat[0].name] = *op;
    if (const Soac* soac = asSoac(stm.exp)) {
      std::visit([&](const auto& s) { extract(stm, s, out); }, *soac);
      return;
    }
    Stm copy = stm;
    if (auto* e = std::get_if<If>(&copy.exp)) {
      e->thenBody = hostBody(e->thenBody);
      e->elseBody = hostBody(e->elseBody);
    } else if (auto* e = std::get_if<Loop>(&copy.exp)) {
      e->body = hostBody(e->body);
    } else if (auto* e = std::get_if<Apply>(&copy.exp)) {
      checkHostCall(stm, *e);
    }
    out.push_back(std::move(copy));
  }

  /// A function called from kernels keeps its SOACs; calling it from host code too would
  /// leave a SOAC at host level.
  void checkHostCall(const Stm& stm, const Apply& call) {
    auto it = funs_.find(call.fn);
    if (!isDevice(call.fn) || it == funs_.end())
      return;
    for (const Stm& s : it->second->body.stms)
      if (asSoac(s.exp)) {
        diags_.unsupported(stm.prov.span, "calling a function with parallel code from both "
                                          "host code and kernels")
            .note(it->second->span, "function defined here");
        return;
      }
  }

  SegSpace space(const std::vector<Level>& levels) {
    SegSpace sp{names_.fresh("flat_tid"), {}};
    for (const Level& l : levels)
      sp.dims.emplace_back(l.gtid, l.width);
    return sp;
  }

  Level level(const SubExp& width, const Lambda& lam, const std::vector<VName>& inputs) {
    FJORD_CHECK(lam.params.size() == inputs.size(), "SOAC lambda arity differs from inputs");
    return Level{names_.fresh("gtid"), width, &lam, inputs};
  }

  /// The kernel body for a nest of levels (Note [Kernel bodies]).
  Body kernelBody(const std::vector<Level>& levels, const Provenance& prov) {
    const Lambda& inner = *levels.back().lam;
    NameSet used = freeVars(inner.body);
    std::map<VName, std::pair<VName, std::vector<SubExp>>> rowOf;
    Body body;
    for (const Level& l : levels) {
      for (size_t k = 0; k < l.lam->params.size(); ++k) {
        const Param& p = l.lam->params[k];
        auto it = rowOf.find(l.inputs[k]);
        auto src = it != rowOf.end() ? it->second
                                     : std::make_pair(l.inputs[k], std::vector<SubExp>{});
        src.second.push_back(l.gtid);
        if (used.count(p.name)) {
          auto iota = iotas_.find(src.first);
          if (iota != iotas_.end() && src.second.size() == 1 && !p.type.isArray())
            bindIotaElement(p, iota->second, src.second[0], names_, prov, body.stms);
          else
            body.stms.push_back(bindRow(p, src.first, src.second, prov));
        }
        rowOf[p.name] = std::move(src);
      }
    }
    body.stms.insert(body.stms.end(), inner.body.stms.begin(), inner.body.stms.end());
    body.result = inner.body.result;
    return body;
  }

  /// The levels of a perfect map nest starting at `s` (at least one).
  std::vector<Level> mapNest(const Screma& s) {
    std::vector<Level> levels{level(s.width, s.map, s.inputs)};
    std::set<VName> outerParams;
    const Lambda* lam = &s.map;
    while (true) {
      for (const Param& p : lam->params)
        outerParams.insert(p.name);
      if (lam->body.stms.size() != 1)
        break;
      const Stm& innerStm = lam->body.stms.front();
      const Soac* soac = asSoac(innerStm.exp);
      const Screma* inner = soac ? std::get_if<Screma>(soac) : nullptr;
      if (!inner || !isMapOnly(*inner) || !returnsPattern(lam->body, innerStm.pat))
        break;
      // A thread-variant inner width would make the space irregular.
      if (inner->width.isVar() && outerParams.count(inner->width.var()))
        break;
      levels.push_back(level(inner->width, inner->map, inner->inputs));
      lam = &inner->map;
    }
    return levels;
  }

  SegOp segOp(SegOp::Kind kind, std::vector<Level> levels, const Provenance& prov) {
    SegOp op;
    op.kind = kind;
    op.space = space(levels);
    op.types = levels.back().lam->retTypes;
    op.body = kernelBody(levels, prov);
    return op;
  }

  static Stm segStm(std::vector<PatElem> pat, SegOp op, const Provenance& prov) {
    return Stm{std::move(pat), Exp{Op{std::move(op)}}, prov};
  }

  void extract(const Stm& stm, const Screma& s, std::vector<Stm>& out) {
    if (isMapOnly(s)) {
      out.push_back(segStm(stm.pat, segOp(SegOp::Kind::Map, mapNest(s), stm.prov), stm.prov));
      return;
    }
    size_t nScan = operandCount(s.scans), nRed = operandCount(s.reds);
    FJORD_CHECK(stm.pat.size() == s.map.retTypes.size() &&
                    nScan + nRed <= stm.pat.size(),
                "screma pattern does not match its lambda");
    if (s.scans.empty()) {
      SegOp op = segOp(SegOp::Kind::Red, {level(s.width, s.map, s.inputs)}, stm.prov);
      op.ops = s.reds;
      out.push_back(segStm(stm.pat, std::move(op), stm.prov));
      return;
    }
    // Scans (and perhaps reductions): the SegScan also maps out the reduction operands.
    SegOp scan = segOp(SegOp::Kind::Scan, {level(s.width, s.map, s.inputs)}, stm.prov);
    scan.ops = s.scans;
    if (s.reds.empty()) {
      out.push_back(segStm(stm.pat, std::move(scan), stm.prov));
      return;
    }
    std::vector<PatElem> scanPat(stm.pat.begin(), stm.pat.begin() + nScan);
    Lambda operands; // the reduction's map: reads one element of each operand array
    std::vector<VName> operandArrays;
    for (size_t k = 0; k < nRed; ++k) {
      const Type& t = s.map.retTypes[nScan + k];
      Shape shape{s.width};
      shape.insert(shape.end(), t.shape.begin(), t.shape.end());
      Param arr{names_.fresh("red_operand"), Type::array(t.elem, shape), nullptr};
      scanPat.push_back(arr);
      operandArrays.push_back(arr.name);
      Param elem{names_.fresh("red_elem"), t, nullptr};
      operands.params.push_back(elem);
      operands.body.result.push_back(elem.name);
      operands.retTypes.push_back(t);
    }
    scanPat.insert(scanPat.end(), stm.pat.begin() + nScan + nRed, stm.pat.end());
    out.push_back(segStm(std::move(scanPat), std::move(scan), stm.prov));

    SegOp red = segOp(SegOp::Kind::Red, {level(s.width, operands, operandArrays)}, stm.prov);
    red.ops = s.reds;
    std::vector<PatElem> redPat(stm.pat.begin() + nScan, stm.pat.begin() + nScan + nRed);
    out.push_back(segStm(std::move(redPat), std::move(red), stm.prov));
  }

  void extract(const Stm& stm, const Hist& h, std::vector<Stm>& out) {
    SegOp op = segOp(SegOp::Kind::Hist, {level(h.width, h.bucketFn, h.inputs)}, stm.prov);
    op.histOps = h.ops;
    out.push_back(segStm(stm.pat, std::move(op), stm.prov));
  }

  /// A SegMap that scatters into the destinations (Note [Scattering SegMap]).
  void extract(const Stm& stm, const Scatter& sc, std::vector<Stm>& out) {
    for (const PatElem& pe : stm.pat)
      if (pe.type.rank() != 1) {
        diags_.unsupported(stm.prov.span, "scatter into multi-dimensional arrays");
        out.push_back(stm);
        return;
      }
    SegOp op = segOp(SegOp::Kind::Map, {level(sc.width, sc.fn, sc.inputs)}, stm.prov);
    op.writeDests = sc.dests;
    out.push_back(segStm(stm.pat, std::move(op), stm.prov));
  }

  /// One chunk covering the whole width: substitute the width for the chunk size, the
  /// initial accumulators and the whole inputs for the parameters, then extract the
  /// function's statements as host code.
  void extract(const Stm& stm, const Stream& s, std::vector<Stm>& out) {
    const Lambda& fn = s.fn;
    FJORD_CHECK(fn.params.size() == 1 + s.accs.size() + s.inputs.size(),
                "stream function arity differs from accumulators and inputs");
    FJORD_CHECK(fn.body.result.size() == stm.pat.size(),
                "stream pattern does not match its function");
    Substitution subst{{fn.params[0].name, s.width}};
    for (size_t k = 0; k < s.accs.size(); ++k)
      subst[fn.params[1 + k].name] = s.accs[k];
    for (size_t k = 0; k < s.inputs.size(); ++k)
      subst[fn.params[1 + s.accs.size() + k].name] = s.inputs[k];
    Body body = substitute(fn.body, subst);
    for (const Stm& b : body.stms)
      hostStm(b, out);
    for (size_t k = 0; k < stm.pat.size(); ++k)
      out.push_back(bindValue(stm.pat[k], body.result[k], stm.prov));
  }
};

/// Every variable used anywhere in a function (operands, inputs, sizes in types).
class Uses : public Walker {
public:
  NameSet used;
  void var(const VName& v) override { used.insert(v); }
};

void removeUnusedIotas(Body& b, const NameSet& used) {
  std::vector<Stm> kept;
  for (Stm& s : b.stms) {
    const auto* op = std::get_if<BasicOp>(&s.exp);
    if (op && op->kind == BasicOp::Kind::Iota && s.pat.size() == 1 && !used.count(s.pat[0].name))
      continue;
    if (auto* i = std::get_if<If>(&s.exp)) {
      removeUnusedIotas(i->thenBody, used);
      removeUnusedIotas(i->elseBody, used);
    } else if (auto* l = std::get_if<Loop>(&s.exp)) {
      removeUnusedIotas(l->body, used);
    }
    kept.push_back(std::move(s));
  }
  b.stms = std::move(kept);
}

/// Drops the host-level iotas nothing reads any more (Note [Iota inputs]).
void removeUnusedIotas(FunDef& f) {
  Uses u;
  u.body(f.body);
  for (const Type& t : f.retTypes)
    u.type(t);
  removeUnusedIotas(f.body, u.used);
}

} // namespace

Prog extractKernels(Prog prog, DiagnosticEngine& diags) {
  if (rejectRecursionInKernels(prog, diags))
    return prog;
  Extractor ex(prog, diags);
  for (FunDef& f : prog.funs)
    if (!ex.isDevice(f.name)) {
      f.body = ex.hostBody(f.body);
      removeUnusedIotas(f);
    }
  return prog;
}

} // namespace fjord::gpu
