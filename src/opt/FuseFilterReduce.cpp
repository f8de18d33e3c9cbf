// Fusing a filter into the reduction that consumes it (Note [Filter into reduce]).
#include "opt/FuseFilterReduce.h"

#include "ir/Traverse.h"
#include "ir/TypeOf.h"

#include <algorithm>
#include <map>

namespace fjord::opt::detail {

using namespace ir;
using ir::Type;

namespace {

template <typename T> T* soacOf(Stm& s) {
  auto* op = std::get_if<Op>(&s.exp);
  auto* soac = op ? std::get_if<Soac>(op) : nullptr;
  return soac ? std::get_if<T>(soac) : nullptr;
}

bool isVar(const SubExp& se, const VName& v) { return se.isVar() && se.var() == v; }
bool isI64(const SubExp& se, int64_t v) {
  return !se.isVar() && se.constant().type == PrimType::I64 && se.constant().i == v;
}

/// The basic op binding `v` (alone) among `stms`, if any.
const BasicOp* basicDef(const std::vector<Stm>& stms, const VName& v) {
  for (const Stm& s : stms)
    if (s.pat.size() == 1 && s.pat[0].name == v)
      return std::get_if<BasicOp>(&s.exp);
  return nullptr;
}

bool isBin(const BasicOp* op, BinOpKind k) {
  return op && op->kind == BasicOp::Kind::BinOp && op->binOp == k && op->type == PrimType::I64;
}

/// Whether `op` is `a k b` or `b k a` (an i64 operation).
bool binOf(const BasicOp* op, BinOpKind k, const SubExp& a, const SubExp& b) {
  return isBin(op, k) && ((op->args[0] == a && op->args[1] == b) || (op->args[0] == b && op->args[1] == a));
}

/// Whether `r` is (+) on one i64 operand with neutral element 0.
bool isAddI64(const RedOp& r) {
  if (r.neutral.size() != 1 || !isI64(r.neutral[0], 0) || r.op.params.size() != 2 ||
      r.op.body.result.size() != 1 || !r.op.body.result[0].isVar())
    return false;
  const BasicOp* add = basicDef(r.op.body.stms, r.op.body.result[0].var());
  return binOf(add, BinOpKind::Add, r.op.params[0].name, r.op.params[1].name);
}

/// Whether `count` (bound in `stms`) is `if n == 0 then 0 else offsets[n - 1]`, or
/// `offsets[n - 1]` for a constant n > 0 (what the simplifier leaves of it).
bool isLastOffset(const std::vector<Stm>& stms, const VName& count, const VName& offsets,
                  const SubExp& n) {
  auto lastIndex = [&](const BasicOp* idx, const std::vector<Stm>& local) {
    if (!idx || idx->kind != BasicOp::Kind::Index || !(idx->arr == offsets) || idx->slice.size() != 1 ||
        !idx->slice[0].fixed)
      return false;
    const SubExp& i = idx->slice[0].index;
    if (!i.isVar())
      return !n.isVar() && n.constant().i > 0 && isI64(i, n.constant().i - 1);
    const BasicOp* sub = basicDef(local, i.var());
    if (!sub)
      sub = basicDef(stms, i.var());
    return isBin(sub, BinOpKind::Sub) && sub->args[0] == n && isI64(sub->args[1], 1);
  };
  for (const Stm& s : stms) {
    if (s.pat.size() != 1 || !(s.pat[0].name == count))
      continue;
    if (auto* op = std::get_if<BasicOp>(&s.exp))
      return lastIndex(op, stms);
    auto* i = std::get_if<If>(&s.exp);
    if (!i || !i->cond.isVar() || i->thenBody.result.size() != 1 || !isI64(i->thenBody.result[0], 0) ||
        i->elseBody.result.size() != 1 || !i->elseBody.result[0].isVar())
      return false;
    const BasicOp* cmp = basicDef(stms, i->cond.var());
    if (!cmp || cmp->kind != BasicOp::Kind::CmpOp || cmp->cmpOp != CmpOpKind::Eq ||
        cmp->type != PrimType::I64 ||
        !((cmp->args[0] == n && isI64(cmp->args[1], 0)) || (cmp->args[1] == n && isI64(cmp->args[0], 0))))
      return false;
    return lastIndex(basicDef(i->elseBody.stms, i->elseBody.result[0].var()), i->elseBody.stms);
  }
  return false;
}

/// Index of the statement binding `v`, or npos.
size_t definingStm(const std::vector<Stm>& stms, const VName& v) {
  for (size_t k = 0; k < stms.size(); ++k)
    for (const PatElem& pe : stms[k].pat)
      if (pe.name == v)
        return k;
  return std::string::npos;
}

bool usesAny(const NameSet& used, const NameSet& names) {
  return std::any_of(names.begin(), names.end(), [&](const VName& v) { return used.count(v) > 0; });
}

/// What the match found: the scatter's index computation and the flags' producer.
struct FilterShape {
  size_t scatterAt = 0, flagsAt = 0;
  VName t, idx;          ///< flag * offset, and minus one, in the scatter function
  size_t scanOp = 0;     ///< the offsets' scan among the producer's scans
  size_t offsetsPos = 0; ///< its result's position in the producer's pattern
};

/// Matches Note [Filter into reduce] with the consumer at `j`.
std::optional<FilterShape> match(std::vector<Stm>& stms, size_t j) {
  Screma* c = soacOf<Screma>(stms[j]);
  if (!c || !c->scans.empty() || c->reds.empty() || c->inputs.empty() || !c->width.isVar() ||
      stms[j].pat.size() != operandCount(c->reds))
    return std::nullopt;
  FilterShape m;
  m.scatterAt = definingStm(stms, c->inputs[0]);
  if (m.scatterAt >= j)
    return std::nullopt;
  Stm& ss = stms[m.scatterAt];
  Scatter* sc = soacOf<Scatter>(ss);
  if (!sc)
    return std::nullopt;
  // The rewritten reduction reads the scatter's inputs at `j`: nothing from the scatter on
  // to the consumer may consume them (e.g. an in-place update of the filtered array).
  NameSet reads = freeVars(ss.exp);
  for (const VName& d : sc->dests)
    reads.erase(d);
  for (size_t k = m.scatterAt + 1; k <= j; ++k)
    if (usesAny(consumedIn(stms[k]), reads))
      return std::nullopt;
  NameSet kept;
  for (const PatElem& pe : ss.pat)
    kept.insert(pe.name);
  for (const VName& in : c->inputs)
    if (!kept.count(in))
      return std::nullopt;
  // Other uses of the scatter's results (or of `count`) need not stop the rewrite: they
  // keep those statements alive, and the consumer no longer waits for them.

  // The scatter function: (flag, offset, x..) -> (flag * offset - 1 per dest ++ values).
  size_t nDest = sc->dests.size();
  const Lambda& fn = sc->fn;
  if (nDest == 0 || sc->inputs.size() < 2 || fn.params.size() != sc->inputs.size() ||
      fn.body.result.size() != 2 * nDest || !fn.body.result[0].isVar())
    return std::nullopt;
  m.idx = fn.body.result[0].var();
  for (size_t k = 0; k < nDest; ++k)
    if (!isVar(fn.body.result[k], m.idx))
      return std::nullopt;
  const BasicOp* idx = basicDef(fn.body.stms, m.idx);
  if (!isBin(idx, BinOpKind::Sub) || !idx->args[0].isVar() || !isI64(idx->args[1], 1))
    return std::nullopt;
  m.t = idx->args[0].var();
  if (!binOf(basicDef(fn.body.stms, m.t), BinOpKind::Mul, fn.params[0].name, fn.params[1].name))
    return std::nullopt;
  // The values must not depend on the offset (it is not available after the rewrite).
  NameSet indexing{fn.params[1].name, m.t, m.idx};
  for (const Stm& s : fn.body.stms) {
    bool isIndexStm = s.pat.size() == 1 && (s.pat[0].name == m.t || s.pat[0].name == m.idx);
    if (!isIndexStm && usesAny(freeVars(s), indexing))
      return std::nullopt;
  }
  for (size_t k = nDest; k < 2 * nDest; ++k)
    if (fn.body.result[k].isVar() && indexing.count(fn.body.result[k].var()))
      return std::nullopt;

  // Flags and offsets: a map result f = i64(bool) and its inclusive (+) scan, one Screma.
  const VName& flags = sc->inputs[0];
  const VName& offsets = sc->inputs[1];
  m.flagsAt = definingStm(stms, flags);
  if (m.flagsAt >= m.scatterAt || definingStm(stms, offsets) != m.flagsAt)
    return std::nullopt;
  Stm& ps = stms[m.flagsAt];
  Screma* p = soacOf<Screma>(ps);
  if (!p || !(p->width == sc->width))
    return std::nullopt;
  size_t nScan = operandCount(p->scans), nNonMap = nScan + operandCount(p->reds);
  size_t pos = 0;
  bool found = false;
  for (size_t q = 0; q < p->scans.size() && !found; ++q) {
    if (ps.pat[pos].name == offsets && p->scans[q].neutral.size() == 1) {
      if (!isAddI64(p->scans[q]))
        return std::nullopt;
      m.scanOp = q;
      m.offsetsPos = pos;
      found = true;
    }
    pos += p->scans[q].neutral.size();
  }
  if (!found)
    return std::nullopt;
  size_t flagsPos = static_cast<size_t>(
      std::find_if(ps.pat.begin(), ps.pat.end(), [&](const PatElem& pe) { return pe.name == flags; }) -
      ps.pat.begin());
  const SubExp& f = p->map.body.result[m.offsetsPos];
  if (flagsPos < nNonMap || !f.isVar() || !(p->map.body.result[flagsPos] == f))
    return std::nullopt;
  const BasicOp* conv = basicDef(p->map.body.stms, f.var());
  if (!conv || conv->kind != BasicOp::Kind::Convert || conv->type != PrimType::Bool ||
      conv->toType != PrimType::I64)
    return std::nullopt;

  // Destinations of `count` rows, count being the number of kept elements.
  const VName& count = c->width.var();
  for (size_t k = 0; k < nDest; ++k) {
    const BasicOp* rep = basicDef(stms, sc->dests[k]);
    if (!rep || rep->kind != BasicOp::Kind::Replicate || rep->shape.empty() || !isVar(rep->shape[0], count))
      return std::nullopt;
  }
  if (!isLastOffset(stms, count, offsets, sc->width))
    return std::nullopt;
  return m;
}

/// Removes statements that cannot fail and whose results are unused.
void removeDead(std::vector<Stm>& stms, const std::vector<SubExp>& result) {
  NameSet live = varsOf(result);
  std::vector<Stm> kept;
  for (auto it = stms.rbegin(); it != stms.rend(); ++it) {
    bool used = std::any_of(it->pat.begin(), it->pat.end(),
                            [&](const PatElem& pe) { return live.count(pe.name) > 0; });
    if (!used && !mayFail(it->exp))
      continue;
    NameSet fv = freeVars(*it);
    live.insert(fv.begin(), fv.end());
    kept.push_back(std::move(*it));
  }
  std::reverse(kept.begin(), kept.end());
  stms = std::move(kept);
}

/// Drops the offsets' scan from the flags' producer at `at` when nothing else reads it.
void dropUnusedScan(std::vector<Stm>& stms, const std::vector<SubExp>& result, size_t at,
                    const FilterShape& m) {
  Stm& ps = stms[at];
  Screma& p = *soacOf<Screma>(ps);
  const VName offsets = ps.pat[m.offsetsPos].name;
  if (varsOf(result).count(offsets))
    return;
  for (size_t k = 0; k < stms.size(); ++k)
    if (k != at && freeVars(stms[k]).count(offsets))
      return;
  auto pos = static_cast<long>(m.offsetsPos);
  ps.pat.erase(ps.pat.begin() + pos);
  p.map.body.result.erase(p.map.body.result.begin() + pos);
  p.map.retTypes.erase(p.map.retTypes.begin() + pos);
  p.scans.erase(p.scans.begin() + static_cast<long>(m.scanOp));
}

} // namespace

bool fuseFilterIntoReduce(std::vector<Stm>& stms, const std::vector<SubExp>& result,
                          NameSource& names) {
  for (size_t j = 0; j < stms.size(); ++j) {
    std::optional<FilterShape> m = match(stms, j);
    if (!m)
      continue;
    const Stm cs = stms[j];
    const Screma c = *soacOf<Screma>(stms[j]);
    const std::vector<PatElem> scatterPat = stms[m->scatterAt].pat;
    const Scatter sc = *soacOf<Scatter>(stms[m->scatterAt]);
    const VName flags = sc.inputs[0];
    size_t nDest = sc.dests.size();
    const Lambda& fn = sc.fn;

    // The kept branch: the scatter's value computation, then the consumer's map lambda
    // on those values.
    Body kept;
    for (const Stm& s : fn.body.stms)
      if (!(s.pat.size() == 1 && (s.pat[0].name == m->t || s.pat[0].name == m->idx)))
        kept.stms.push_back(s);
    Substitution subst;
    for (size_t k = 0; k < c.inputs.size(); ++k) {
      auto d = std::find_if(scatterPat.begin(), scatterPat.end(),
                            [&](const PatElem& pe) { return pe.name == c.inputs[k]; });
      subst[c.map.params[k].name] = fn.body.result[nDest + static_cast<size_t>(d - scatterPat.begin())];
    }
    Body h = substitute(c.map.body, subst);
    kept.stms.insert(kept.stms.end(), h.stms.begin(), h.stms.end());
    kept.result = h.result;
    // The dropped branch: the neutral elements.
    Body dropped;
    for (const RedOp& r : c.reds)
      dropped.result.insert(dropped.result.end(), r.neutral.begin(), r.neutral.end());

    Screma f;
    f.width = sc.width;
    f.reds = c.reds;
    f.map.retTypes = c.map.retTypes;
    for (size_t k = 0; k < sc.inputs.size(); ++k) {
      if (k == 1)
        continue; // the offsets
      f.inputs.push_back(sc.inputs[k]);
      f.map.params.push_back(fn.params[k]);
    }
    BasicOp isKept;
    isKept.kind = BasicOp::Kind::CmpOp;
    isKept.cmpOp = CmpOpKind::Ne;
    isKept.type = PrimType::I64;
    isKept.args = {SubExp(fn.params[0].name), SubExp(PrimValue::int64(0))};
    VName keep = names.fresh("keep");
    f.map.body.stms.push_back(Stm{{Param{keep, Type::prim(PrimType::Bool), nullptr}}, Exp{isKept}, cs.prov});
    std::vector<PatElem> operands;
    for (const Type& t : c.map.retTypes) {
      PatElem pe{names.fresh("operand"), t, nullptr};
      f.map.body.result.push_back(SubExp(pe.name));
      operands.push_back(std::move(pe));
    }
    If branch{SubExp(keep), std::move(kept), std::move(dropped), c.map.retTypes};
    f.map.body.stms.push_back(Stm{std::move(operands), Exp{std::move(branch)}, cs.prov});

    Stm out{cs.pat, Exp{Op{Soac{std::move(f)}}}, cs.prov};
    stms[j] = std::move(out);

    // The scatter, its destinations and `count` are dead now unless something else reads
    // them; so is the scan unless something else reads the offsets.
    removeDead(stms, result);
    size_t at = definingStm(stms, flags);
    if (at != std::string::npos && soacOf<Screma>(stms[at]))
      dropUnusedScan(stms, result, at, *m);
    return true;
  }
  return false;
}

} // namespace fjord::opt::detail
