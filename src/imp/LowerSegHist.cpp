// SegHist -> histogram kernels that update the destination histograms in place: atomic
// updates where the operator and type allow, lock-free compare-and-swap loops for other
// operators on one 32/64-bit operand, and one thread per bucket otherwise. See
// Note [Histograms].
#include "imp/SegCombine.h"

#include <optional>
#include <variant>

namespace fjord::imp::detail {

// Note [Histograms]
// A SegHist over `n` inputs (one dimension) runs its body once per input i; the body
// returns one bucket index per op, then the values of every op's operands (op by op).
// Each op combines its values into its destination histograms, which mem/ made the
// SegHist's results (in place: the kernels update the destinations' memory). An index
// outside [0, width) is ignored. `reduce_by_index` operators are associative and
// commutative, so updates may land in any order. Each op is lowered one of three ways:
//
//   atomic     one operand of a 4- or 8-byte type, and an operator that is one `+`, `min`
//              or `max` (integers and floats) or `&`, `|`, `^` (integers) of its two
//              parameters: an AtomicUpdate (the backend prints atomicAdd/atomic_add...,
//              and a compare-and-swap helper where the target has no such atomic, e.g.
//              float `+` on OpenCL 1.2 or float `min`).
//   cas        one operand of a 4- or 8-byte type, any other operator: a lock-free loop
//                T old = hist[b]; bool swapped = false;
//                while (!swapped) { T new = op(old, v); (seen, swapped) = cas(&hist[b], old, new); old = seen; }
//              In every round some thread's swap succeeds, so it needs no forward-progress
//              guarantee between threads (OpenCL 1.2 gives none).
//   by bucket  anything else (tuple operands, 8/16-bit and bool values): one thread per
//              bucket folds every input whose index is its bucket, in input order, into the
//              bucket's value. No locks: a spin lock per bucket is not safe under OpenCL 1.2,
//              which guarantees neither forward progress nor coherent global memory between
//              work-groups. Correct, but O(n * width) work.
// The atomic and cas ops share one kernel `<base>` with one thread per input; each by-bucket
// op gets a kernel `<base>_by_bucket` of its own. The host launches nothing when n = 0.

namespace {

enum class Strategy { Atomic, Cas, ByBucket };

/// One HistOp and how it is lowered: its operands are pattern elements
/// [firstPat, firstPat + k) and body results [firstValue, firstValue + k).
struct OpPlan {
  const ir::HistOp* op;
  size_t index; ///< its bucket index is body result `index`
  size_t firstPat;
  size_t firstValue;
  Strategy strategy;
  BinOpKind binOp = BinOpKind::Add; ///< Atomic
};

/// The BinOp an operator applies to its two parameters, when that is all it does.
std::optional<BinOpKind> singleBinOp(const ir::Lambda& lam) {
  if (lam.params.size() != 2 || lam.body.stms.size() != 1 || lam.body.result.size() != 1)
    return std::nullopt;
  const ir::Stm& s = lam.body.stms[0];
  const auto* b = std::get_if<ir::BasicOp>(&s.exp);
  if (!b || b->kind != ir::BasicOp::Kind::BinOp || s.pat.size() != 1)
    return std::nullopt;
  const ir::SubExp& r = lam.body.result[0];
  if (!r.isVar() || !(r.var() == s.pat[0].name))
    return std::nullopt;
  auto isParam = [&](const ir::SubExp& a, size_t p) {
    return a.isVar() && a.var() == lam.params[p].name;
  };
  bool inOrder = isParam(b->args.at(0), 0) && isParam(b->args.at(1), 1);
  bool swapped = isParam(b->args.at(0), 1) && isParam(b->args.at(1), 0);
  if (!inOrder && !swapped)
    return std::nullopt;
  return b->binOp;
}

/// Whether the targets have an atomic update (or the backend's CAS helper) for `op` on `t`.
bool hasAtomic(BinOpKind op, PrimType t) {
  switch (op) {
  case BinOpKind::Add:
  case BinOpKind::Min:
  case BinOpKind::Max:
    return isInteger(t) || t == PrimType::F32 || t == PrimType::F64;
  case BinOpKind::And:
  case BinOpKind::Or:
  case BinOpKind::Xor:
    return isInteger(t);
  default:
    return false;
  }
}

/// A type that compare-and-swap handles: 4 or 8 bytes (not f16, bool, i8, i16).
bool casWord(PrimType t) { return primBytes(t) == 4 || primBytes(t) == 8; }

std::vector<OpPlan> planOps(const ir::Stm& stm, const ir::SegOp& seg) {
  std::vector<OpPlan> plans;
  size_t firstPat = 0;
  size_t firstValue = seg.histOps.size();
  for (size_t j = 0; j < seg.histOps.size(); ++j) {
    const ir::HistOp& h = seg.histOps[j];
    OpPlan p{&h, j, firstPat, firstValue, Strategy::ByBucket};
    PrimType t = stm.pat.at(firstPat).type.elem;
    if (h.dests.size() == 1 && casWord(t)) {
      std::optional<BinOpKind> b = singleBinOp(h.op.op);
      p.strategy = b && hasAtomic(*b, t) ? Strategy::Atomic : Strategy::Cas;
      if (b)
        p.binOp = *b;
    }
    plans.push_back(p);
    firstPat += h.dests.size();
    firstValue += h.dests.size();
  }
  return plans;
}

/// `0 <= b && b < width`.
ExpRef inBounds(ExpRef b, ExpRef width) {
  return andE(cmp(CmpOpKind::Le, i64(0), b), lt(b, std::move(width)));
}

/// The histogram array behind pattern element `pe`, bound in kernel `k`.
const ArrayVar& histogram(KernelLowerer& k, const ir::PatElem& pe) {
  k.bindArray(pe);
  return k.array(pe.name);
}

/// hist[at] = op(hist[at], value) by compare-and-swap (Note [Histograms], "cas").
void casLoop(KernelLowerer& k, const ir::HistOp& h, const ArrayVar& hist, ExpRef at,
             ExpRef value, Block& out) {
  k.noteArray(/*write=*/true, hist);
  std::string m = k.mem(hist.block, hist.elem, /*write=*/true);
  PrimType t = hist.elem;
  std::string old = k.freshName(hist.source + "_old");
  out.push_back(declare(old, t, load(m, at, t)));
  std::string swapped = k.freshName("swapped");
  out.push_back(declare(swapped, PrimType::Bool, constant(PrimValue::boolean(false))));
  Block loop;
  std::vector<ExpRef> next = k.applyLambda(h.op.op, {var(old, t), std::move(value)}, loop);
  std::string seen = k.freshName(hist.source + "_seen");
  loop.push_back(declare(seen, t));
  Stm cas;
  cas.kind = Stm::Kind::AtomicCas;
  cas.name = m;
  cas.type = t;
  cas.src = seen;
  cas.text = swapped;
  cas.args = {at, var(old, t), next.at(0)};
  loop.push_back(std::move(cas));
  loop.push_back(assign(old, var(seen, t)));
  out.push_back(whileLoop(notE(var(swapped, PrimType::Bool)), std::move(loop)));
}

void atomicUpdate(KernelLowerer& k, const OpPlan& p, const ArrayVar& hist, ExpRef at,
                  ExpRef value, Block& out) {
  k.noteArray(/*write=*/true, hist);
  Stm s;
  s.kind = Stm::Kind::AtomicUpdate;
  s.name = k.mem(hist.block, hist.elem, /*write=*/true);
  s.type = hist.elem;
  s.binOp = p.binOp;
  s.args = {std::move(at), std::move(value)};
  out.push_back(std::move(s));
}

/// The kernel with one thread per input for the atomic and cas ops.
void perInputKernel(KernelLowerer& k, const ir::Stm& stm, const ir::SegOp& seg,
                    const std::vector<OpPlan>& plans) {
  const auto& [dimV, dimN] = seg.space.dims.at(0);
  Block body, guarded;
  ExpRef gtid = globalThreadId(k, dimV.name, body);
  k.bindScalar(dimV, gtid->name, PrimType::I64);
  k.bindScalar(seg.space.flat, gtid->name, PrimType::I64);
  k.lowerStms(seg.body.stms, guarded);
  bool anyAtomic = false, anyCas = false;
  for (const OpPlan& p : plans) {
    if (p.strategy == Strategy::ByBucket)
      continue;
    anyAtomic = anyAtomic || p.strategy == Strategy::Atomic;
    anyCas = anyCas || p.strategy == Strategy::Cas;
    ExpRef bucket = k.subExp(seg.body.result.at(p.index));
    const ArrayVar& hist = histogram(k, stm.pat.at(p.firstPat));
    ExpRef value = k.subExp(seg.body.result.at(p.firstValue));
    Block update;
    ExpRef at = k.let("slot", k.elemIndex(hist, {bucket}), update);
    if (p.strategy == Strategy::Atomic)
      atomicUpdate(k, p, hist, at, value, update);
    else
      casLoop(k, *p.op, hist, at, value, update);
    guarded.push_back(ifThen(inBounds(bucket, k.subExp(p.op->width)), std::move(update)));
  }
  body.push_back(ifThen(lt(gtid, k.subExp(dimN)), std::move(guarded)));
  k.kernel.body = std::move(body);
  std::string how = anyAtomic && anyCas ? "atomic updates and compare-and-swap loops"
                    : anyAtomic           ? "atomic updates"
                                          : "compare-and-swap loops";
  k.describe.push_back("one thread per input, " + how);
}

/// The kernel with one thread per bucket of by-bucket op `p`.
void perBucketKernel(KernelLowerer& k, const ir::Stm& stm, const ir::SegOp& seg,
                     const OpPlan& p) {
  const auto& [dimV, dimN] = seg.space.dims.at(0);
  size_t arity = p.op->dests.size();
  Block body, guarded;
  ExpRef bucket = globalThreadId(k, "bucket", body);
  std::vector<const ArrayVar*> hists;
  std::vector<ExpRef> accs;
  for (size_t q = 0; q < arity; ++q) {
    hists.push_back(&histogram(k, stm.pat.at(p.firstPat + q)));
    accs.push_back(k.readElement(*hists.back(), {bucket}, hists.back()->source + "_acc", guarded));
  }
  std::string i = k.freshName(dimV.name);
  Block loop, match;
  k.bindScalar(dimV, i, PrimType::I64);
  k.bindScalar(seg.space.flat, i, PrimType::I64);
  k.lowerStms(seg.body.stms, loop);
  std::vector<ExpRef> args = accs;
  for (size_t q = 0; q < arity; ++q)
    args.push_back(k.subExp(seg.body.result.at(p.firstValue + q)));
  std::vector<ExpRef> next = k.applyLambda(p.op->op.op, args, match);
  for (size_t q = 0; q < arity; ++q)
    match.push_back(assign(accs[q]->name, next.at(q)));
  loop.push_back(ifThen(eq(k.subExp(seg.body.result.at(p.index)), bucket), std::move(match)));
  guarded.push_back(forLoop(i, k.subExp(dimN), std::move(loop)));
  for (size_t q = 0; q < arity; ++q)
    k.writeElement(*hists[q], {bucket}, accs[q], guarded);
  body.push_back(ifThen(lt(bucket, k.subExp(p.op->width)), std::move(guarded)));
  k.kernel.body = std::move(body);
  k.describe.push_back("one thread per bucket, folding the inputs of its bucket in order");
}

std::string describe(const ir::SegOp& seg) {
  std::vector<ir::RedOp> ops;
  for (const ir::HistOp& h : seg.histOps)
    ops.push_back(h.op);
  return "histogram with " + describeOps(ops) + describeInputs(seg.body);
}

} // namespace

void lowerSegHist(HostLowerer& host, const ir::Stm& stm, const ir::SegOp& seg, Block& out) {
  if (seg.space.dims.size() != 1)
    host.unsupported(stm, "a segmented histogram (a histogram per point of a map)");
  for (const ir::PatElem& pe : stm.pat)
    if (pe.type.rank() != 1)
      host.unsupported(stm, "a histogram whose buckets are arrays");
  std::vector<OpPlan> plans = planOps(stm, seg);
  std::string base = host.kernelName(kernelBaseName(host.functionName(), stm.prov.what, "hist"));
  out.push_back(comment(describe(seg)));
  ExpRef bs = host.blockSizeFor(base, out);
  ExpRef n = host.subExp(seg.space.dims[0].second);

  Block run;
  bool anyPerInput = false;
  for (const OpPlan& p : plans)
    anyPerInput = anyPerInput || p.strategy != Strategy::ByBucket;
  if (anyPerInput) {
    KernelLowerer k(host, base, stm);
    perInputKernel(k, stm, seg, plans);
    host.launch(k, divUp(n, bs), bs, run);
  }
  for (const OpPlan& p : plans) {
    if (p.strategy != Strategy::ByBucket)
      continue;
    KernelLowerer k(host, host.kernelName(base + "_by_bucket"), stm);
    perBucketKernel(k, stm, seg, p);
    ExpRef width = host.subExp(p.op->width);
    Block launchB;
    host.launch(k, divUp(width, bs), bs, launchB);
    run.push_back(ifThen(cmp(CmpOpKind::Gt, width, i64(0)), std::move(launchB)));
  }
  out.push_back(ifThen(cmp(CmpOpKind::Gt, n, i64(0)), std::move(run)));
  for (const ir::PatElem& pe : stm.pat)
    host.bindArray(pe);
}

} // namespace fjord::imp::detail
