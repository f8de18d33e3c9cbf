// Version B of a multi-versioned nest: the bodies a block can run in shared memory, and
// the host guard choosing it (see the header; Note [Intra-group SegMap] in ir/IR.h).
#include "gpu/IntraGroup.h"

#include "ir/Builder.h"
#include "ir/Traverse.h"

namespace fjord::gpu {
namespace {

using namespace ir;
using ir::Type;

bool scalarStm(const Stm& s);

bool scalarBody(const Body& b) {
  for (const Stm& s : b.stms)
    if (!scalarStm(s))
      return false;
  return true;
}

/// A statement whose results are scalars, computed by a BasicOp that cannot fail the
/// block part way (assertions would skip a failing thread's barriers), or by an `if` or a
/// `for` loop of such statements (a thread runs them alone: they hold no barrier).
bool scalarStm(const Stm& s) {
  for (const PatElem& pe : s.pat)
    if (pe.type.isArray() || pe.type.kind == Type::Kind::Mem)
      return false;
  if (const auto* i = std::get_if<If>(&s.exp))
    return scalarBody(i->thenBody) && scalarBody(i->elseBody);
  if (const auto* l = std::get_if<Loop>(&s.exp)) {
    for (const auto& [p, init] : l->merge)
      if (p.type.isArray() || p.type.kind == Type::Kind::Mem)
        return false;
    return l->kind == Loop::Kind::For && scalarBody(l->body);
  }
  const auto* op = std::get_if<BasicOp>(&s.exp);
  return op && op->kind != BasicOp::Kind::Assert;
}

/// A lambda on scalars: each thread applies it to its element.
bool scalarLambda(const Lambda& lam) {
  for (const Param& p : lam.params)
    if (p.type.isArray())
      return false;
  for (const Type& t : lam.retTypes)
    if (t.isArray())
      return false;
  for (const Stm& s : lam.body.stms)
    if (!scalarStm(s))
      return false;
  return true;
}

/// A view: every thread binds it, no memory is written.
bool viewStm(const Stm& s) {
  const auto* op = std::get_if<BasicOp>(&s.exp);
  return op && (op->kind == BasicOp::Kind::Index || op->kind == BasicOp::Kind::Rearrange);
}

/// The shared memory per thread that a Screma's reductions and scans need (one element of
/// each operand), or -1 if one is not on scalars.
int64_t sharedBytesPerThread(const Screma& s) {
  int64_t bytes = 0;
  for (const auto* ops : {&s.scans, &s.reds})
    for (const RedOp& op : *ops) {
      if (!scalarLambda(op.op))
        return -1;
      for (const Type& t : op.op.retTypes)
        bytes += primBytes(t.elem);
    }
  return bytes;
}

/// Appends `let <base> = op` to `out` and returns the name.
VName let(std::vector<Stm>& out, NameSource& names, const std::string& base, PrimType t,
          BasicOp op, const Provenance& prov) {
  Param p{names.fresh(base), Type::prim(t), nullptr};
  out.push_back(Stm{{p}, Exp{std::move(op)}, prov});
  return p.name;
}


BasicOp deviceLimit(DeviceLimitKind limit) {
  BasicOp op;
  op.kind = BasicOp::Kind::DeviceLimit;
  op.limit = limit;
  return op;
}

} // namespace

std::optional<IntraWidth> intraGroupWidth(const KernelNest& nest, const Lambda& lam) {
  std::optional<SubExp> width;
  NameSet bound, soacArrays;
  for (const Param& p : lam.params)
    bound.insert(p.name);
  int64_t bytes = 0;
  for (const Stm& s : lam.body.stms) {
    const Screma* sc = asScrema(s.exp);
    // A Screma's array result is read only as a later Screma's input (thread j reads its
    // own element j) or returned; anything else would read other threads' elements.
    NameSet used = sc ? freeVars(sc->map) : freeVars(s);
    if (sc)
      for (const auto* ops : {&sc->scans, &sc->reds})
        for (const RedOp& op : *ops) {
          NameSet fv = freeVars(op.op);
          used.insert(fv.begin(), fv.end());
          for (const SubExp& ne : op.neutral)
            if (ne.isVar())
              used.insert(ne.var());
        }
    for (const VName& v : used)
      if (soacArrays.count(v))
        return std::nullopt;
    if (sc) {
      if ((width && *width != sc->width) || (sc->width.isVar() && bound.count(sc->width.var())) ||
          !nest.invariant(sc->width) || !scalarLambda(sc->map))
        return std::nullopt; // Scremas over one width, the same at every point
      int64_t b = sharedBytesPerThread(*sc);
      if (b < 0)
        return std::nullopt;
      bytes += b;
      width = sc->width;
      for (const PatElem& pe : s.pat)
        if (pe.type.isArray())
          soacArrays.insert(pe.name);
    } else if (!scalarStm(s) && !viewStm(s)) {
      return std::nullopt;
    }
    for (const PatElem& pe : s.pat)
      bound.insert(pe.name);
  }
  if (!width)
    return std::nullopt;
  // Array results are the Screma's (each thread stores its element); no views of inputs.
  for (size_t k = 0; k < lam.body.result.size(); ++k)
    if (lam.retTypes.at(k).isArray() &&
        (!lam.body.result[k].isVar() || !soacArrays.count(lam.body.result[k].var())))
      return std::nullopt;
  return IntraWidth{*width, bytes};
}

Body chooseIntraGroup(const IntraWidth& width, Stm intra, const std::vector<PatElem>& intraPat,
                      std::vector<Stm> flat, const std::vector<PatElem>& flatPat,
                      NameSource& names, ThresholdNames& thresholds, const Provenance& prov) {
  Body out;
  std::vector<Stm>& o = out.stms;
  const SubExp& w = width.width;
  BasicOp cmp;
  cmp.kind = BasicOp::Kind::CmpSize;
  cmp.threshold = thresholds.next(ThresholdClass::SuffIntraPar);
  cmp.thresholdClass = ThresholdClass::SuffIntraPar;
  cmp.args = {w};
  VName suff = let(o, names, "suff_intra_par", PrimType::Bool, std::move(cmp), prov);

  // The block imp/ launches: ceil(w / 32) * 32 threads, at least 32 (Note [Intra-group
  // kernels] in imp/LowerIntraGroup.cpp), sized on the host, and the shared memory of its
  // block scans.
  auto i64 = [](int64_t v) { return SubExp(PrimValue::int64(v)); };
  VName atLeast1 = let(o, names, "intra_w", PrimType::I64,
                       binOpExp(BinOpKind::Max, PrimType::I64, w, i64(1)), prov);
  VName up = let(o, names, "intra_w", PrimType::I64,
                 binOpExp(BinOpKind::Add, PrimType::I64, atLeast1, i64(31)), prov);
  VName warps = let(o, names, "intra_warps", PrimType::I64,
                    binOpExp(BinOpKind::Quot, PrimType::I64, up, i64(32)), prov);
  VName block = let(o, names, "intra_block", PrimType::I64,
                    binOpExp(BinOpKind::Mul, PrimType::I64, warps, i64(32)), prov);
  VName deviceMax = let(o, names, "max_block_size", PrimType::I64,
                        deviceLimit(DeviceLimitKind::MaxBlockSize), prov);
  // imp/'s block scans keep shared arrays for at most 1024 threads (kMaxBlockSize), though
  // a device (PoCL) may allow larger blocks.
  VName maxBlock = let(o, names, "max_block_size", PrimType::I64,
                       binOpExp(BinOpKind::Min, PrimType::I64, deviceMax, i64(1024)), prov);
  VName blockFits = let(o, names, "intra_block_fits", PrimType::Bool, cmpOpExp(CmpOpKind::Le, PrimType::I64, block, maxBlock),
                        prov);
  VName fits = blockFits;
  if (width.sharedBytesPerThread > 0) {
    VName maxShared = let(o, names, "max_shared_memory", PrimType::I64,
                          deviceLimit(DeviceLimitKind::MaxSharedMemory), prov);
    // The block scans' shared arrays hold a value per thread of the largest block (1024;
    // on CUDA only one per warp): Note [Block scan] in imp/ScanBlock.cpp.
    SubExp shared = i64(1024 * width.sharedBytesPerThread);
    VName sharedFits = let(o, names, "intra_shared_fits", PrimType::Bool,
                           cmpOpExp(CmpOpKind::Le, PrimType::I64, shared, maxShared), prov);
    fits = let(o, names, "intra_fits", PrimType::Bool,
               binOpExp(BinOpKind::LogAnd, PrimType::Bool, blockFits, sharedFits), prov);
  }
  let(o, names, "intra_ok", PrimType::Bool,
      binOpExp(BinOpKind::LogAnd, PrimType::Bool, suff, fits), prov);

  If choice;
  choice.cond = out.stms.back().pat[0].name;
  std::vector<PatElem> pat;
  for (const PatElem& pe : flatPat) {
    choice.types.push_back(pe.type);
    pat.push_back(Param{names.fresh(pe.name.name), pe.type, nullptr});
  }
  choice.thenBody.stms.push_back(std::move(intra));
  choice.elseBody.stms = std::move(flat);
  for (size_t k = 0; k < flatPat.size(); ++k) {
    choice.thenBody.result.push_back(intraPat.at(k).name);
    choice.elseBody.result.push_back(flatPat[k].name);
    out.result.push_back(pat[k].name);
  }
  out.stms.push_back(Stm{pat, Exp{std::move(choice)}, prov});
  return out;
}

} // namespace fjord::gpu
