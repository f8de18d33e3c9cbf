// Version B of a multi-versioned nest: the bodies a block can run in shared memory, and
// the host guard choosing it (see the header; Note [Intra-group SegMap] in ir/IR.h).
#include "gpu/IntraGroup.h"

#include "ir/Traverse.h"

namespace fjord::gpu {
namespace {

using namespace ir;
using ir::Type;

/// A statement whose results are scalars, computed by a BasicOp that cannot fail the
/// block part way (assertions would skip a failing thread's barriers).
bool scalarStm(const Stm& s) {
  const auto* op = std::get_if<BasicOp>(&s.exp);
  if (!op || op->kind == BasicOp::Kind::Assert)
    return false;
  for (const PatElem& pe : s.pat)
    if (pe.type.isArray() || pe.type.kind == Type::Kind::Mem)
      return false;
  return true;
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

/// The shared memory a Screma's reductions and scans need, or -1 if one is not on scalars.
int64_t sharedBytes(const Screma& s) {
  int64_t bytes = 0;
  for (const auto* ops : {&s.scans, &s.reds})
    for (const RedOp& op : *ops) {
      if (!scalarLambda(op.op))
        return -1;
      for (const Type& t : op.op.retTypes)
        bytes += kMaxIntraBlock * primBytes(t.elem);
    }
  return bytes;
}

Stm let(NameSource& names, const std::string& base, PrimType t, BasicOp op,
        const Provenance& prov) {
  Param p{names.fresh(base), Type::prim(t), nullptr};
  return Stm{{p}, Exp{std::move(op)}, prov};
}

} // namespace

std::optional<SubExp> intraGroupWidth(const KernelNest& nest, const Lambda& lam) {
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
      int64_t b = sharedBytes(*sc);
      if (b < 0 || (bytes += b) > kMaxIntraShared)
        return std::nullopt;
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
  return width;
}

Body chooseIntraGroup(const SubExp& width, Stm intra, const std::vector<PatElem>& intraPat,
                      std::vector<Stm> flat, const std::vector<PatElem>& flatPat,
                      NameSource& names, ThresholdNames& thresholds, const Provenance& prov) {
  Body out;
  BasicOp cmp;
  cmp.kind = BasicOp::Kind::CmpSize;
  cmp.threshold = thresholds.next(ThresholdClass::SuffIntraPar);
  cmp.thresholdClass = ThresholdClass::SuffIntraPar;
  cmp.args = {width};
  out.stms.push_back(let(names, "suff_intra_par", PrimType::Bool, std::move(cmp), prov));
  VName suff = out.stms.back().pat[0].name;

  BasicOp fits;
  fits.kind = BasicOp::Kind::CmpOp;
  fits.cmpOp = CmpOpKind::Le;
  fits.type = PrimType::I64;
  fits.args = {width, PrimValue::int64(kMaxIntraBlock)};
  out.stms.push_back(let(names, "intra_fits", PrimType::Bool, std::move(fits), prov));
  VName fitsName = out.stms.back().pat[0].name;

  BasicOp both;
  both.kind = BasicOp::Kind::BinOp;
  both.binOp = BinOpKind::LogAnd;
  both.type = PrimType::Bool;
  both.args = {suff, fitsName};
  out.stms.push_back(let(names, "intra_ok", PrimType::Bool, std::move(both), prov));

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
