// SegHist -> histogram kernels that update the destination histograms in place:
// sub-histograms in shared memory combined into the destination at the end (in several
// passes over bin ranges when the bins do not fit), or atomic updates of the destination
// itself; atomics where the operator and type allow, lock-free compare-and-swap loops for
// other operators on one 32/64-bit operand or on the word holding a 1- or 2-byte one, and
// one thread per bucket otherwise. See
// Note [Histograms].
#include "imp/SegHist.h"

#include "ir/Traverse.h"

#include <algorithm>
#include <deque>
#include <functional>
#include <map>
#include <optional>
#include <set>
#include <variant>

namespace fjord::imp::detail {

// Note [Histograms]
// A SegHist over `n` inputs (one dimension) runs its body once per input i; the body
// returns one bucket index per op, then the values of every op's operands (op by op).
// Opt/ fused the map computing them (Note [Map into hist]), so the body reads the input
// elements themselves. Each op combines its values into its destination histograms, which
// mem/ made the SegHist's results (in place: the kernels update the destinations' memory).
// An index outside [0, width) is ignored. `reduce_by_index` operators are associative and
// commutative, so updates may land in any order. How one op updates a bucket:
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
//   subword    one operand of a 1- or 2-byte integer type, any operator: the cas loop on
//              the aligned 32-bit word that holds the bucket, changing only its bytes
//              (allocations are 4-byte aligned and padded to 256 bytes; in shared memory
//              the sub-histograms of these ops are arrays of 32-bit words).
//   (split)    a tuple op whose operator works componentwise (result q uses only the
//              parameters of component q, e.g. (count, max)) is one op per component, each
//              atomic or cas.
//   by bucket  anything else (other tuple operands, f16 and bool values): one thread per
//              bucket folds every input whose index is its bucket, in input order, into the
//              bucket's value. No locks: a spin lock per bucket is not safe under OpenCL 1.2,
//              which guarantees neither forward progress nor coherent global memory between
//              work-groups. Correct, but O(n * width) work.
// The atomic and cas ops ("per-input ops") share one of two kernels, chosen by the host at
// run time from the widths and the tuning parameters:
//   <base>_shared  G blocks stride through the input (coalesced). Each block keeps M
//              sub-histograms per op in shared memory (thread t updates copy t % M, so the
//              lanes of a warp rarely hit the same word), initialised to the neutral
//              element; at the end the block folds its M copies and adds the result to the
//              destination with one global atomic (or cas) per bucket. A subword op's block
//              writes its buckets to a row of a temporary G x pass_bins array instead, and a
//              kernel `<base>_merge` (one thread per bucket) folds the G rows into the
//              destination: G blocks' compare-and-swap loops on the same few words would
//              serialise (4 buckets share a word). Used when the bins of
//              every op fit M >= 1 times; when they do not, the same kernel runs in P passes,
//              pass p counting only the buckets [p * pass_bins, (p + 1) * pass_bins), while
//              P <= `<base>.max_passes`.
//   <base>         otherwise: one thread per input updates the destination in global memory.
// Each by-bucket op gets a kernel `<base>_by_bucket` of its own. The host launches nothing
// when n = 0. Tuning parameters (LowerSegHist.cpp's lowerSegHist): `<base>.block_size`,
// `<base>.num_blocks` (G), `<base>.sub_histograms` (the most M), `<base>.shared_memory` (the
// bytes of shared memory the sub-histograms may use, at most kHistSharedBytes, the size of
// the kernel's static shared arrays) and `<base>.max_passes`.

namespace {

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

/// A 1- or 2-byte integer: compare-and-swap of the 32-bit word that holds it.
bool casSubword(PrimType t) {
  return isInteger(t) && (primBytes(t) == 1 || primBytes(t) == 2);
}

/// The operator of a tuple-valued op split into one operator per component, where result q
/// depends only on parameters q and k + q (e.g. `\(a, b) (c, d) -> (a + c, max b d)`): then
/// the op is k independent ops, each of which may have an atomic.
std::optional<std::vector<ir::Lambda>> splitComponentwise(const ir::Lambda& lam) {
  size_t k = lam.body.result.size();
  if (k < 2 || lam.params.size() != 2 * k)
    return std::nullopt;
  // The parameters (as component numbers) every variable depends on.
  std::map<ir::VName, std::set<size_t>> deps;
  for (size_t p = 0; p < lam.params.size(); ++p)
    deps[lam.params[p].name] = {p % k};
  auto depsOf = [&](const ir::NameSet& vars) {
    std::set<size_t> out;
    for (const ir::VName& v : vars)
      if (auto it = deps.find(v); it != deps.end())
        out.insert(it->second.begin(), it->second.end());
    return out;
  };
  for (const ir::Stm& st : lam.body.stms) {
    std::set<size_t> d = depsOf(ir::freeVars(st.exp));
    for (const ir::PatElem& pe : st.pat)
      deps[pe.name] = d;
  }
  std::vector<ir::Lambda> parts;
  for (size_t q = 0; q < k; ++q) {
    const ir::SubExp& r = lam.body.result[q];
    std::set<size_t> d = r.isVar() ? depsOf({r.var()}) : std::set<size_t>{};
    if (d.size() > 1 || (d.size() == 1 && *d.begin() != q))
      return std::nullopt;
    ir::Lambda part;
    part.params = {lam.params[q], lam.params[k + q]};
    part.retTypes = {lam.retTypes.at(q)};
    part.body.result = {r};
    for (const ir::Stm& st : lam.body.stms) {
      std::set<size_t> sd = depsOf(ir::freeVars(st.exp));
      if (sd.empty() || (sd.size() == 1 && *sd.begin() == q))
        part.body.stms.push_back(st);
    }
    parts.push_back(std::move(part));
  }
  return parts;
}

/// How each op is lowered. A tuple op whose operator works componentwise becomes one op per
/// component (HistOps kept in `split`).
std::vector<HistOpPlan> planOps(const ir::Stm& stm, const ir::SegOp& seg,
                                std::deque<ir::HistOp>& split) {
  std::vector<HistOpPlan> plans;
  size_t firstPat = 0;
  size_t firstValue = seg.histOps.size();
  auto plan = [&](const ir::HistOp& h, size_t j, size_t pat, size_t value) {
    HistOpPlan p{&h, j, pat, value, HistStrategy::ByBucket};
    PrimType t = stm.pat.at(pat).type.elem;
    p.type = t;
    if (h.dests.size() == 1 && casWord(t)) {
      std::optional<BinOpKind> b = singleBinOp(h.op.op);
      p.strategy = b && hasAtomic(*b, t) ? HistStrategy::Atomic : HistStrategy::Cas;
      if (b)
        p.binOp = *b;
    } else if (h.dests.size() == 1 && casSubword(t)) {
      p.strategy = HistStrategy::Cas;
      p.subword = true;
    }
    plans.push_back(p);
  };
  for (size_t j = 0; j < seg.histOps.size(); ++j) {
    const ir::HistOp& h = seg.histOps[j];
    size_t k = h.dests.size();
    bool words = true;
    for (size_t q = 0; q < k; ++q)
      words = words && casWord(stm.pat.at(firstPat + q).type.elem);
    std::optional<std::vector<ir::Lambda>> parts;
    if (k > 1 && words)
      parts = splitComponentwise(h.op.op);
    if (parts) {
      for (size_t q = 0; q < k; ++q) {
        ir::HistOp& c = split.emplace_back();
        c.width = h.width;
        c.dests = {h.dests[q]};
        c.op.commutative = h.op.commutative;
        c.op.op = (*parts)[q];
        c.op.neutral = {h.op.neutral.at(q)};
        plan(c, j, firstPat + q, firstValue + q);
      }
    } else {
      plan(h, j, firstPat, firstValue);
    }
    firstPat += k;
    firstValue += k;
  }
  return plans;
}

} // namespace

ExpRef inBounds(ExpRef b, ExpRef width) {
  return andE(cmp(CmpOpKind::Le, i64(0), b), lt(b, std::move(width)));
}

const ArrayVar& histogram(KernelLowerer& k, const ir::PatElem& pe) {
  k.bindArray(pe);
  return k.array(pe.name);
}

namespace {

/// The lock-free loop of Note [Histograms]: reads mem[at] into `old`, and until the swap
/// succeeds, swaps in update(old), retrying with what another thread put there.
void casUntilSwapped(KernelLowerer& k, const std::string& mem, PrimType t, const ExpRef& at,
                     const std::string& oldName,
                     const std::function<ExpRef(ExpRef old, Block& loop)>& update, Block& out) {
  std::string old = k.freshName(oldName);
  out.push_back(declare(old, t, load(mem, at, t)));
  std::string swapped = k.freshName("swapped");
  out.push_back(declare(swapped, PrimType::Bool, constant(PrimValue::boolean(false))));
  Block loop;
  ExpRef next = update(var(old, t), loop);
  std::string seen = k.freshName("seen");
  loop.push_back(declare(seen, t));
  Stm cas;
  cas.kind = Stm::Kind::AtomicCas;
  cas.name = mem;
  cas.type = t;
  cas.src = seen;
  cas.text = swapped;
  cas.args = {at, var(old, t), std::move(next)};
  loop.push_back(std::move(cas));
  loop.push_back(assign(old, var(seen, t)));
  out.push_back(whileLoop(notE(var(swapped, PrimType::Bool)), std::move(loop)));
}

/// mem[at] = op(mem[at], value) by compare-and-swap (Note [Histograms], "cas").
void casLoop(KernelLowerer& k, const HistOpPlan& p, const std::string& mem, ExpRef at,
             ExpRef value, Block& out) {
  casUntilSwapped(k, mem, p.type, at, "old", [&](ExpRef old, Block& loop) {
    return applySegOperator(k, p.op->op.op, p.firstPat, {std::move(old), std::move(value)}, loop)
        .at(0);
  }, out);
}

/// mem[at] = op(mem[at], value) for a 1- or 2-byte integer (Note [Histograms], "subword"):
/// the cas loop runs on the 32-bit word holding byte offset at * size, and puts back the
/// other bytes as it read them.
void subwordCasLoop(KernelLowerer& k, const HistOpPlan& p, const std::string& mem, ExpRef at,
                    ExpRef value, Block& out) {
  PrimType t = p.type, w = PrimType::U32;
  int64_t bytes = primBytes(t);
  auto u32c = [](uint64_t v) { return constant(PrimValue::wrapped(PrimType::U32, v)); };
  ExpRef byteAt = k.let("byte_at", mul(std::move(at), i64(bytes)), out);
  ExpRef word = k.let("word", quot(byteAt, i64(4)), out);
  ExpRef shift = convert(k.let("shift", mul(rem(byteAt, i64(4)), i64(8)), out), w);
  ExpRef mask = u32c(bytes == 1 ? 0xffu : 0xffffu);
  casUntilSwapped(k, mem, w, word, "old_word", [&](ExpRef old, Block& loop) {
    ExpRef current = convert(binOp(BinOpKind::And, binOp(BinOpKind::LShr, old, shift), mask), t);
    std::vector<ExpRef> next =
        applySegOperator(k, p.op->op.op, p.firstPat, {current, std::move(value)}, loop);
    ExpRef others = binOp(BinOpKind::And, old,
                          binOp(BinOpKind::Xor, binOp(BinOpKind::Shl, mask, shift), u32c(0xffffffffu)));
    ExpRef placed =
        binOp(BinOpKind::Shl, binOp(BinOpKind::And, convert(next.at(0), w), mask), shift);
    return binOp(BinOpKind::Or, others, placed);
  }, out);
}

} // namespace

void histUpdate(KernelLowerer& k, const HistOpPlan& p, const std::string& mem, ExpRef at,
                ExpRef value, Block& out) {
  if (p.strategy == HistStrategy::Cas && p.subword) {
    subwordCasLoop(k, p, mem, std::move(at), std::move(value), out);
    return;
  }
  if (p.strategy == HistStrategy::Cas) {
    casLoop(k, p, mem, std::move(at), std::move(value), out);
    return;
  }
  Stm s;
  s.kind = Stm::Kind::AtomicUpdate;
  s.name = mem;
  s.type = p.type;
  s.binOp = p.binOp;
  s.args = {std::move(at), std::move(value)};
  out.push_back(std::move(s));
}

int64_t sharedCapacity(const HistOpPlan& p, size_t numOps) {
  int64_t budget = kHistSharedBytes / static_cast<int64_t>(numOps) / primBytes(p.type);
  if (p.op->width.isVar())
    return budget;
  int64_t w = std::max<int64_t>(p.op->width.constant().asInt(), 1);
  int64_t copies = std::min(budget / w, kMaxSubHistograms);
  return copies >= 1 ? copies * w : budget;
}

namespace {

/// The kernel with one thread per input for the atomic and cas ops.
void perInputKernel(KernelLowerer& k, const ir::Stm& stm, const ir::SegOp& seg,
                    const std::vector<HistOpPlan>& plans) {
  const auto& [dimV, dimN] = seg.space.dims.at(0);
  Block body, guarded;
  ExpRef gtid = globalThreadId(k, dimV.name, body);
  k.bindScalar(dimV, gtid->name, PrimType::I64);
  k.bindScalar(seg.space.flat, gtid->name, PrimType::I64);
  k.lowerStms(seg.body.stms, guarded);
  bool anyAtomic = false, anyCas = false;
  for (const HistOpPlan& p : plans) {
    if (p.strategy == HistStrategy::ByBucket)
      continue;
    anyAtomic = anyAtomic || p.strategy == HistStrategy::Atomic;
    anyCas = anyCas || p.strategy == HistStrategy::Cas;
    ExpRef bucket = k.subExp(seg.body.result.at(p.index));
    const ArrayVar& hist = histogram(k, stm.pat.at(p.firstPat));
    ExpRef value = k.subExp(seg.body.result.at(p.firstValue));
    Block update;
    ExpRef at = k.let("slot", k.elemIndex(hist, {bucket}), update);
    // A subword op's kernel sees the histogram as the 32-bit words it swaps (the first use
    // of the memory gives the kernel parameter its type).
    std::string mem = k.mem(hist.block, p.subword ? PrimType::U32 : hist.elem, /*write=*/true);
    k.noteArray(/*write=*/true, hist);
    histUpdate(k, p, mem, at, value, update);
    guarded.push_back(ifThen(inBounds(bucket, k.subExp(p.op->width)), std::move(update)));
  }
  body.push_back(ifThen(lt(gtid, k.subExp(dimN)), std::move(guarded)));
  k.kernel.body = std::move(body);
  std::string how = anyAtomic && anyCas ? "atomic updates and compare-and-swap loops"
                    : anyAtomic           ? "atomic updates"
                                          : "compare-and-swap loops";
  k.describe.push_back("one thread per input, " + how + " on the histogram in global memory");
}

/// The kernel with one thread per bucket of by-bucket op `p`.
void perBucketKernel(KernelLowerer& k, const ir::Stm& stm, const ir::SegOp& seg,
                     const HistOpPlan& p) {
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
  std::vector<ExpRef> next = applySegOperator(k, p.op->op.op, p.firstPat, args, match);
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

/// The int64 tuning parameter `base.what` (registered with `def` and `doc`), read on the host.
ExpRef histTuning(HostLowerer& host, const std::string& base, const std::string& what,
                  int64_t def, const std::string& doc) {
  host.prog.addTuning(base + "." + what, def, doc + " of histogram " + base);
  return tuning(base + "." + what);
}

/// The host code choosing and launching the kernel of the per-input ops (Note [Histograms]).
void lowerPerInput(HostLowerer& host, const ir::Stm& stm, const ir::SegOp& seg,
                   const std::vector<HistOpPlan>& plans, const std::string& base, ExpRef bs,
                   ExpRef n, Block& out) {
  std::vector<HistOpPlan> perInput;
  for (const HistOpPlan& p : plans)
    if (p.strategy != HistStrategy::ByBucket)
      perInput.push_back(p);
  ExpRef maxWidth = i64(1);
  int64_t binBytes = 0, capacity = kHistSharedBytes;
  for (const HistOpPlan& p : perInput) {
    maxWidth = maxE(maxWidth, host.subExp(p.op->width));
    binBytes += primBytes(p.type);
    capacity = std::min(capacity, sharedCapacity(p, perInput.size()));
  }
  out.push_back(comment("sub-histograms in shared memory when the bins fit (in passes over "
                        "bin ranges when they fit only in part), else global atomics"));
  ExpRef width = host.hostLet("max_width", maxWidth, out);
  ExpRef sharedBytes = minE(maxE(histTuning(host, base, "shared_memory", kHistSharedBytes,
                                            "bytes of shared memory for the sub-histograms"),
                                 i64(0)),
                            i64(kHistSharedBytes));
  ExpRef sharedBins =
      host.hostLet("shared_bins", minE(i64(capacity), quot(sharedBytes, i64(binBytes))), out);
  ExpRef wanted = minE(maxE(histTuning(host, base, "sub_histograms", kDefaultSubHistograms,
                                       "the most sub-histograms per block"),
                            i64(1)),
                       i64(kMaxSubHistograms));
  ExpRef subHists = host.hostLet("sub_histograms", minE(wanted, quot(sharedBins, width)), out);
  ExpRef fits = cmp(CmpOpKind::Ge, subHists, i64(1));
  ExpRef passBins = host.hostLet("pass_bins", select(fits, width, sharedBins), out);
  ExpRef passes = host.hostLet("passes", divUp(width, maxE(passBins, i64(1))), out);
  ExpRef maxPasses = histTuning(host, base, "max_passes", kDefaultHistPasses,
                                "the most passes over the input with sub-histograms");
  ExpRef useShared = andE(cmp(CmpOpKind::Ge, passBins, i64(1)), cmp(CmpOpKind::Le, passes, maxPasses));

  Block shared, global;
  ExpRef g = host.hostLet("num_blocks",
                          maxE(minE(histTuning(host, base, "num_blocks", kDefaultHistBlocks,
                                               "blocks of the shared-memory kernel"),
                                    divUp(n, bs)),
                               i64(1)),
                          shared);
  // Subword ops: each block's buckets of a pass, folded by a second kernel.
  size_t tempMark = host.tempMark();
  std::vector<std::string> partials(plans.size());
  for (size_t j = 0; j < plans.size(); ++j)
    if (plans[j].strategy != HistStrategy::ByBucket && plans[j].subword)
      partials[j] = host.allocTemp(
          "partial", mul(mul(g, passBins), i64(primBytes(plans[j].type))), shared);
  std::string pass = host.freshName("pass");
  Block launchPass;
  ExpRef binStart = host.hostLet("bin_start", mul(var(pass, PrimType::I64), passBins), launchPass);
  KernelLowerer ks(host, host.kernelName(base + "_shared"), stm);
  sharedHistKernel(ks, stm, seg, plans, maxE(subHists, i64(1)), binStart, passBins, partials);
  host.launch(ks, g, bs, launchPass);
  for (size_t j = 0; j < plans.size(); ++j) {
    if (partials[j].empty())
      continue;
    KernelLowerer km(host, host.kernelName(base + "_merge"), stm);
    mergePartialsKernel(km, stm, plans[j], partials[j], g, binStart, passBins);
    host.launch(km, divUp(passBins, bs), bs, launchPass);
  }
  shared.push_back(forLoop(pass, passes, std::move(launchPass)));
  host.freeTemps(tempMark, shared);

  KernelLowerer k(host, base, stm);
  perInputKernel(k, stm, seg, plans);
  host.launch(k, divUp(n, bs), bs, global);
  out.push_back(ifThen(useShared, std::move(shared), std::move(global)));
}

} // namespace

void lowerSegHist(HostLowerer& host, const ir::Stm& stm, const ir::SegOp& seg, Block& out) {
  if (seg.space.dims.size() != 1)
    host.unsupported(stm, "a segmented histogram (a histogram per point of a map)");
  for (const ir::PatElem& pe : stm.pat)
    if (pe.type.rank() != 1)
      host.unsupported(stm, "a histogram whose buckets are arrays");
  std::deque<ir::HistOp> split;
  std::vector<HistOpPlan> plans = planOps(stm, seg, split);
  std::string base = host.kernelName(kernelBaseName(host.functionName(), stm.prov.what, "hist"));
  out.push_back(comment(describe(seg)));
  // Not blockSizeFor: histograms default to big blocks (few blocks that each fold their
  // sub-histograms into the destination once).
  host.prog.addTuning(base + ".block_size", kDefaultHistBlockSize,
                      "threads per block of " + base + " (at most " +
                          std::to_string(kMaxBlockSize) + ")");
  ExpRef bs = host.hostLet(
      "block_size", minE(maxE(tuning(base + ".block_size"), i64(1)), i64(kMaxBlockSize)), out);
  ExpRef n = host.subExp(seg.space.dims[0].second);

  Block run;
  bool anyPerInput = false;
  for (const HistOpPlan& p : plans)
    anyPerInput = anyPerInput || p.strategy != HistStrategy::ByBucket;
  if (anyPerInput)
    lowerPerInput(host, stm, seg, plans, base, bs, n, run);
  for (const HistOpPlan& p : plans) {
    if (p.strategy != HistStrategy::ByBucket)
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
