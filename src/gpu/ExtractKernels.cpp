// Kernel extraction: host-level SOACs -> SegMap/SegRed/SegScan/SegHist (see the header).
// `scatter` becomes a SegMap with write destinations.
//
// Note [Kernel bodies]
// A SegOp body runs once per point (gtid_1, ..., gtid_q) of its space. It starts with one
// `Index` statement per lambda parameter that the body uses, reading the parameter's row
// of its input at the point: `let x = xs[gtid]` (scalar) or `let r = a[gtid, 0:m:1]`
// (array row: a slice, which mem/ gives the input's block and a sliced LMAD, no copy).
// In a map nest, an inner input that is an outer parameter is indexed straight from the
// outer array: `let y = a[gtid_1, gtid_2]`, and a value that an earlier kernel of the nest
// stored for every point is read at the point (gpu/KernelNest.h). Unused parameters get no
// statement. The lambda's statements follow unchanged, and its result is the body's result.
//
// Note [Iota inputs]
// An input bound by a host-level `let is = iota n, start, stride` is not read from memory:
// its element at gtid is `start + gtid * stride` (in the iota's type): a few instructions
// instead of one global memory read per thread. The iota is then often unused; extraction drops
// host-level iotas that nothing uses, so no memory is allocated for them.
#include "gpu/ExtractKernels.h"

#include "gpu/DeviceFunctions.h"
#include "gpu/DistributeNests.h"
#include "gpu/FlatteningAttributes.h"
#include "gpu/KernelNest.h"
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

bool isMapOnly(const Screma& s) { return s.scans.empty() && s.reds.empty(); }

const Soac* asSoac(const Exp& e) {
  const Op* op = std::get_if<Op>(&e);
  return op ? std::get_if<Soac>(op) : nullptr;
}

class Extractor {
public:
  Extractor(Prog& prog, DiagnosticEngine& diags, const ExtractOptions& options)
      : names_(prog.names), diags_(diags), options_(options), device_(deviceFunctions(prog)) {
    for (const FunDef& f : prog.funs)
      funs_[f.name] = &f;
  }

  bool isDevice(const std::string& fn) const { return device_.count(fn) != 0; }

  /// Host code of function `fun` follows: its thresholds are numbered from 0.
  void startFunction(const std::string& fun) { thresholds_ = ThresholdNames{fun}; }

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
  const ExtractOptions& options_;
  std::set<std::string> device_;
  std::map<std::string, const FunDef*> funs_;
  /// The host-level iotas seen so far (names are unique: a use is in the iota's scope).
  IotaMap iotas_;
  /// Host-level transpositions and the views taken of them: arrays whose rows may not be
  /// contiguous (Note [Dominated outer versions] in DistributeNests.cpp).
  NameSet rearranged_;
  ThresholdNames thresholds_;

  /// Whether `op` binds a transposition or a view (a slice, a reshape, an alias) of one.
  bool viewOfRearranged(const BasicOp& op) const {
    switch (op.kind) {
    case BasicOp::Kind::Rearrange:
      return true;
    case BasicOp::Kind::Index:
    case BasicOp::Kind::Reshape:
    case BasicOp::Kind::FlatIndex:
      return rearranged_.count(op.arr) != 0;
    case BasicOp::Kind::SubExp:
      return op.args.size() == 1 && op.args[0].isVar() && rearranged_.count(op.args[0].var());
    default:
      return false;
    }
  }

  void hostStm(const Stm& stm, std::vector<Stm>& out) {
    if (const auto* op = std::get_if<BasicOp>(&stm.exp); op && op->kind == BasicOp::Kind::Iota &&
                                                          stm.pat.size() == 1)
      iotas_[stm.pat[0].name] = *op;
    if (const auto* op = std::get_if<BasicOp>(&stm.exp); op && stm.pat.size() == 1 &&
                                                          viewOfRearranged(*op))
      rearranged_.insert(stm.pat[0].name);
    if (const Soac* soac = asSoac(stm.exp)) {
      // Note [Flattening attributes] in FlatteningAttributes.cpp
      FlatteningAttrs attrs = flatteningAttrs(stm.prov);
      if (const auto* s = std::get_if<Screma>(soac); s && attrs.sequential) {
        oneThreadKernel(stm, names_, iotas_, out);
        return;
      }
      if (const auto* s = std::get_if<Screma>(soac); s && attrs.sequentialOuter && isMapOnly(*s)) {
        std::vector<Stm> loop;
        sequentialLoop(stm, *s, names_, loop);
        for (const Stm& l : loop)
          hostStm(l, out);
        return;
      }
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

  /// A SegOp over the one-dimensional space of a SOAC of `width` applying `lam` to the
  /// elements of `inputs`, with that lambda's results.
  SegOp segOp(SegOp::Kind kind, const SubExp& width, const Lambda& lam,
              const std::vector<VName>& inputs, const Provenance& prov) {
    KernelNest nest;
    nest.addLevel(names_, width, lam, inputs);
    SegOp op;
    op.kind = kind;
    op.space = nest.space(names_);
    op.types = lam.retTypes;
    op.body = kernelBody(nest, lam.body.stms, lam.body.result, iotas_, names_, prov);
    return op;
  }

  void extract(const Stm& stm, const Screma& s, std::vector<Stm>& out) {
    if (isMapOnly(s)) {
      distributeMap(stm, s, names_, iotas_, thresholds_, options_, rearranged_, out);
      return;
    }
    size_t nScan = operandCount(s.scans), nRed = operandCount(s.reds);
    FJORD_CHECK(stm.pat.size() == s.map.retTypes.size() &&
                    nScan + nRed <= stm.pat.size(),
                "screma pattern does not match its lambda");
    if (s.scans.empty()) {
      SegOp op = segOp(SegOp::Kind::Red, s.width, s.map, s.inputs, stm.prov);
      op.ops = s.reds;
      out.push_back(segStm(stm.pat, std::move(op), stm.prov));
      return;
    }
    // Scans (and perhaps reductions): the SegScan also maps out the reduction operands.
    SegOp scan = segOp(SegOp::Kind::Scan, s.width, s.map, s.inputs, stm.prov);
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

    SegOp red = segOp(SegOp::Kind::Red, s.width, operands, operandArrays, stm.prov);
    red.ops = s.reds;
    std::vector<PatElem> redPat(stm.pat.begin() + nScan, stm.pat.begin() + nScan + nRed);
    out.push_back(segStm(std::move(redPat), std::move(red), stm.prov));
  }

  void extract(const Stm& stm, const Hist& h, std::vector<Stm>& out) {
    SegOp op = segOp(SegOp::Kind::Hist, h.width, h.bucketFn, h.inputs, stm.prov);
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
    SegOp op = segOp(SegOp::Kind::Map, sc.width, sc.fn, sc.inputs, stm.prov);
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

Prog extractKernels(Prog prog, DiagnosticEngine& diags, const ExtractOptions& options) {
  if (rejectRecursionInKernels(prog, diags))
    return prog;
  Extractor ex(prog, diags, options);
  for (FunDef& f : prog.funs)
    if (!ex.isDevice(f.name)) {
      ex.startFunction(f.name);
      f.body = ex.hostBody(f.body);
      removeUnusedIotas(f);
    }
  return prog;
}

Prog extractKernels(Prog prog, DiagnosticEngine& diags) {
  ExtractOptions options;
  options.multiVersion = true;
  return extractKernels(std::move(prog), diags, options);
}

} // namespace fjord::gpu
