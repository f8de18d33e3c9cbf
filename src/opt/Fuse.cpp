// SOAC fusion (see Fuse.h). Greedy T2-style reduction over each body's statements (PLDI'17
// §4, Henriksen & Oancea FHPC'13): repeatedly pick a consumer Screma or Stream and an earlier
// one it may absorb, and replace the pair by one SOAC at the consumer's position. Two
// Scremas fuse into a Screma; when a Stream is involved, a Screma partner is first turned
// into a stream (F1, F3; a Screma with scans next to a stream_seq becomes one, F5) and the
// two streams fuse (F6, F7; opt/FuseStream.cpp).
#include "opt/Fuse.h"

#include "opt/FuseFilterReduce.h"
#include "opt/FuseHist.h"
#include "opt/FuseScatter.h"
#include "opt/FuseStream.h"
#include "opt/FuseWiring.h"

#include "ir/TypeOf.h"
#include "ir/Traverse.h"

#include <algorithm>
#include <optional>

namespace fjord::opt {

using namespace ir;
using ir::Type;

namespace {

Screma* screma(Stm& s) {
  auto* op = std::get_if<Op>(&s.exp);
  if (!op)
    return nullptr;
  auto* soac = std::get_if<Soac>(op);
  return soac ? std::get_if<Screma>(soac) : nullptr;
}

Stream* stream(Stm& s) {
  auto* op = std::get_if<Op>(&s.exp);
  if (!op)
    return nullptr;
  auto* soac = std::get_if<Soac>(op);
  return soac ? std::get_if<Stream>(soac) : nullptr;
}

Scatter* scatter(Stm& s) {
  auto* op = std::get_if<Op>(&s.exp);
  if (!op)
    return nullptr;
  auto* soac = std::get_if<Soac>(op);
  return soac ? std::get_if<Scatter>(soac) : nullptr;
}

Hist* hist(Stm& s) {
  auto* op = std::get_if<Op>(&s.exp);
  if (!op)
    return nullptr;
  auto* soac = std::get_if<Soac>(op);
  return soac ? std::get_if<Hist>(soac) : nullptr;
}

/// Whether `s` is a SOAC that fusion handles (a Screma or a Stream).
bool fusible(Stm& s) { return screma(s) || stream(s); }

SubExp widthOf(Stm& s) { return screma(s) ? screma(s)->width : stream(s)->width; }
const std::vector<VName>& inputsOf(Stm& s) { return screma(s) ? screma(s)->inputs : stream(s)->inputs; }

bool intersects(const NameSet& a, const NameSet& b) {
  for (const VName& v : a)
    if (b.count(v))
      return true;
  return false;
}

/// The variables a Screma or Stream refers to other than through its inputs.
NameSet nonInputUses(Stm& s) {
  Stm copy = s;
  if (Screma* sc = screma(copy))
    sc->inputs.clear();
  else
    stream(copy)->inputs.clear();
  return freeVars(copy.exp);
}

/// The fusion of a stream with anything is a stream of this kind, if any. A Screma with
/// scans streams only as a stream_seq (F5).
std::optional<Stream::Kind> streamKind(Stm& s) {
  if (Stream* st = stream(s))
    return st->kind;
  const Screma& sc = *screma(s);
  if (!sc.scans.empty())
    return Stream::Kind::Seq;
  return sc.reds.empty() ? Stream::Kind::Map : Stream::Kind::Red;
}

bool hasScans(Stm& s) { return screma(s) && !screma(s)->scans.empty(); }

/// Whether `s` is a stream_seq statement.
bool isSeq(Stm& s) { return stream(s) && stream(s)->kind == Stream::Kind::Seq; }

class BodyFuser {
public:
  BodyFuser(std::vector<Stm>& stms, const std::vector<SubExp>& result, NameSource& names)
      : stms_(stms), result_(result), names_(names) {}

  /// Performs one fusion if possible; returns whether it did.
  bool step() {
    // A filter feeding a reduction (Note [Filter into reduce]) first: the reduction would
    // otherwise fuse with siblings and lose the shape.
    if (detail::fuseFilterIntoReduce(stms_, result_, names_))
      return true;
    for (size_t j = 0; j < stms_.size(); ++j) {
      // A map producing a histogram's inputs (Note [Map into hist]).
      if (hist(stms_[j]))
        for (size_t i = j; i-- > 0;)
          if (fuseIntoHist(i, j))
            return true;
      if (!fusible(stms_[j]))
        continue;
      // Prefer a producer (vertical fusion), then a sibling (horizontal fusion).
      for (bool vertical : {true, false})
        for (size_t i = j; i-- > 0;) {
          if (!fusible(stms_[i]) || !legal(i, j, vertical))
            continue;
          if (screma(stms_[i]) && screma(stms_[j])) {
            fuse(i, j);
            return true;
          }
          if (fuseAsStreams(i, j, vertical))
            return true;
        }
      // A map consuming a scatter's results (Note [Map after scatter]).
      if (screma(stms_[j]))
        for (size_t i = j; i-- > 0;)
          if (scatter(stms_[i]) && fuseIntoScatter(i, j))
            return true;
    }
    return false;
  }

private:
  std::vector<Stm>& stms_;
  const std::vector<SubExp>& result_;
  NameSource& names_;

  bool legal(size_t i, size_t j, bool vertical) {
    Stm& ps = stms_[i];
    Stm& cs = stms_[j];
    if (!(widthOf(ps) == widthOf(cs)))
      return false;
    size_t nOps = detail::nonMapResults(ps);
    // A scan producing for a stream_seq becomes one (F5): its scanned arrays are then
    // chunk results, readable per chunk.
    size_t nScanOut = hasScans(ps) && isSeq(cs) ? operandCount(screma(ps)->scans) : 0;
    NameSet pOut, pMapOut;
    for (size_t k = 0; k < ps.pat.size(); ++k) {
      pOut.insert(ps.pat[k].name);
      if (k >= nOps || k < nScanOut)
        pMapOut.insert(ps.pat[k].name);
    }
    NameSet cIn(inputsOf(cs).begin(), inputsOf(cs).end());
    NameSet pIn(inputsOf(ps).begin(), inputsOf(ps).end());
    // The consumer may read the producer's map results only as inputs.
    for (const VName& v : cIn)
      if (pOut.count(v) && !pMapOut.count(v))
        return false;
    if (intersects(nonInputUses(cs), pOut))
      return false;
    for (const PatElem& pe : cs.pat)
      if (intersects(varsOf(pe.type.shape), pOut))
        return false;
    bool related = vertical ? intersects(cIn, pMapOut) : intersects(cIn, pIn);
    if (!related || (!vertical && intersects(cIn, pOut)))
      return false;
    return canMoveDown(i, j, pOut);
  }

  /// Whether the producer at `i` (results `pOut`) may move down to the consumer at `j`:
  /// nothing in between uses its results or consumes what it reads, nor does the consumer.
  bool canMoveDown(size_t i, size_t j, const NameSet& pOut) {
    NameSet pReads = freeVars(stms_[i].exp);
    for (size_t k = i + 1; k < j; ++k)
      if (intersects(freeVars(stms_[k]), pOut) || intersects(consumedIn(stms_[k]), pReads))
        return false;
    return !intersects(consumedIn(stms_[j]), pReads);
  }

  /// Whether none of `pOut` is used after statement `j` (the consumer that absorbs them).
  bool deadAfter(const NameSet& pOut, size_t j) {
    return std::none_of(pOut.begin(), pOut.end(), [&](const VName& v) { return usedAfter(v, j); });
  }

  /// Fuses a pair involving a Stream (legality checked): a Screma partner becomes a stream
  /// first (F1, F3), then the streams fuse (F6, F7) and the fused function's body is fused
  /// in turn (the producer's and consumer's per-chunk SOACs may now fuse). A Screma is
  /// turned into a stream only to fuse vertically; returns false where nothing fuses.
  bool fuseAsStreams(size_t i, size_t j, bool vertical) {
    bool convert = screma(stms_[i]) || screma(stms_[j]);
    if (convert && !vertical)
      return false;
    // A scan becomes a stream_seq (F5) only to join one: a stream_map or stream_red
    // would lose its parallelism.
    if ((hasScans(stms_[i]) && !isSeq(stms_[j])) || (hasScans(stms_[j]) && !isSeq(stms_[i])))
      return false;
    std::optional<Stream::Kind> pk = streamKind(stms_[i]), ck = streamKind(stms_[j]);
    if (!pk || !ck || !detail::fusedKind(*pk, *ck))
      return false;
    Stm ps = stms_[i], cs = stms_[j];
    for (Stm* s : {&ps, &cs}) {
      if (hasScans(*s)) {
        std::optional<Stm> seq = detail::scanAsSeq(*s, names_);
        if (!seq)
          return false;
        *s = std::move(*seq);
      } else if (screma(*s)) {
        s->exp = Op{Soac{*detail::scremaAsStream(*s, names_)}};
      }
    }
    // A stream_red joining a stream_seq becomes one (F4).
    if (*detail::fusedKind(*pk, *ck) == Stream::Kind::Seq)
      for (Stm* s : {&ps, &cs})
        if (stream(*s)->kind == Stream::Kind::Red)
          s->exp = Op{Soac{detail::redAsSeq(*stream(*s), names_)}};
    Stm out = detail::fuseStreams(ps, cs, [&](const VName& v) { return usedAfter(v, j); });
    Stream& f = *stream(out);
    BodyFuser inner(f.fn.body.stms, f.fn.body.result, names_);
    while (inner.step()) {
    }
    stms_[j] = std::move(out);
    stms_.erase(stms_.begin() + static_cast<long>(i));
    return true;
  }

  /// Fuses the map-only Screma at `j` into the Scatter at `i` where it reads only that
  /// scatter's results, which nothing else uses.
  bool fuseIntoScatter(size_t i, size_t j) {
    Stm& ps = stms_[i];
    Stm& cs = stms_[j];
    NameSet pOut;
    for (const PatElem& pe : ps.pat)
      pOut.insert(pe.name);
    for (const VName& in : screma(cs)->inputs)
      if (!pOut.count(in))
        return false;
    if (intersects(nonInputUses(cs), pOut) || !deadAfter(pOut, j) || !canMoveDown(i, j, pOut))
      return false;
    std::vector<Stm> before(stms_.begin(), stms_.begin() + static_cast<long>(i));
    auto fused = detail::fuseMapIntoScatter(ps, cs, before, names_);
    if (!fused)
      return false;
    stms_.erase(stms_.begin() + static_cast<long>(j));
    stms_.insert(stms_.begin() + static_cast<long>(j), fused->begin(), fused->end());
    stms_.erase(stms_.begin() + static_cast<long>(i));
    return true;
  }

  /// Fuses the map-only Screma at `i` into the Hist at `j` that reads its results as
  /// inputs, where nothing else uses them (Note [Map into hist]).
  bool fuseIntoHist(size_t i, size_t j) {
    Stm& ps = stms_[i];
    Stm& cs = stms_[j];
    const Screma* p = screma(ps);
    const Hist& h = *hist(cs);
    if (!p || !p->scans.empty() || !p->reds.empty() || !(p->width == h.width))
      return false;
    NameSet pOut;
    for (const PatElem& pe : ps.pat)
      pOut.insert(pe.name);
    NameSet cIn(h.inputs.begin(), h.inputs.end());
    if (!intersects(cIn, pOut))
      return false;
    Stm withoutInputs = cs;
    hist(withoutInputs)->inputs.clear();
    if (intersects(freeVars(withoutInputs.exp), pOut) || !deadAfter(pOut, j) ||
        !canMoveDown(i, j, pOut))
      return false;
    stms_[j] = detail::fuseMapIntoHist(ps, cs);
    stms_.erase(stms_.begin() + static_cast<long>(i));
    return true;
  }

  /// Whether `v` is used after statement `j` or in the body's result.
  bool usedAfter(const VName& v, size_t j) {
    for (size_t k = j + 1; k < stms_.size(); ++k)
      if (freeVars(stms_[k]).count(v))
        return true;
    return varsOf(result_).count(v) > 0;
  }

  void fuse(size_t i, size_t j) {
    Stm ps = stms_[i];
    Stm cs = stms_[j];
    Screma p = *screma(ps);
    Screma c = *screma(cs);
    size_t pScan = operandCount(p.scans), pRed = operandCount(p.reds);
    size_t cScan = operandCount(c.scans), cRed = operandCount(c.reds);

    // Inputs and parameters: the producer's, then the consumer's that are new.
    Screma f;
    f.width = c.width;
    f.inputs = p.inputs;
    f.map.params = p.map.params;
    Substitution subst;
    const std::vector<SubExp>& pRes = p.map.body.result;
    detail::wireConsumerInputs(c.inputs, c.map.params, ps.pat, pScan + pRed, pRes, f.inputs,
                       f.map.params, subst);

    Body cBody = substitute(c.map.body, subst);
    f.map.body.stms = p.map.body.stms;
    f.map.body.stms.insert(f.map.body.stms.end(), cBody.stms.begin(), cBody.stms.end());
    const std::vector<SubExp>& cRes = cBody.result;

    Stm out;
    out.prov = detail::fusedProvenance(ps, cs);
    auto take = [&](const Stm& s, const Screma& from, const std::vector<SubExp>& res,
                    size_t begin, size_t end, bool onlyLive) {
      for (size_t k = begin; k < end; ++k) {
        if (onlyLive && !usedAfter(s.pat[k].name, j))
          continue;
        out.pat.push_back(s.pat[k]);
        f.map.body.result.push_back(res[k]);
        f.map.retTypes.push_back(from.map.retTypes[k]);
      }
    };
    take(ps, p, pRes, 0, pScan, false);
    take(cs, c, cRes, 0, cScan, false);
    take(ps, p, pRes, pScan, pScan + pRed, false);
    take(cs, c, cRes, cScan, cScan + cRed, false);
    take(ps, p, pRes, pScan + pRed, ps.pat.size(), true);
    take(cs, c, cRes, cScan + cRed, cs.pat.size(), false);
    f.scans = p.scans;
    f.scans.insert(f.scans.end(), c.scans.begin(), c.scans.end());
    f.reds = p.reds;
    f.reds.insert(f.reds.end(), c.reds.begin(), c.reds.end());
    out.exp = Op{Soac{std::move(f)}};

    stms_[j] = std::move(out);
    stms_.erase(stms_.begin() + static_cast<long>(i));
  }
};

/// Fuses bottom-up: nested bodies first (via the Mutator's recursion), then this level.
class Fuser : public Mutator {
public:
  explicit Fuser(NameSource& names) : names_(names) {}
  Body body(const Body& b) override {
    Body out = Mutator::body(b);
    BodyFuser bf(out.stms, out.result, names_);
    while (bf.step()) {
    }
    return out;
  }

private:
  NameSource& names_;
};

} // namespace

Prog fuse(Prog prog) {
  Fuser f(prog.names);
  for (FunDef& fun : prog.funs)
    fun.body = f.body(fun.body);
  return prog;
}

} // namespace fjord::opt
