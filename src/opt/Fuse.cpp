// SOAC fusion (see Fuse.h). Greedy T2-style reduction over each body's statements (PLDI'17
// §4, Henriksen & Oancea FHPC'13): repeatedly pick a consumer Screma and an earlier Screma
// it may absorb, and replace the pair by one Screma at the consumer's position.
#include "opt/Fuse.h"

#include "ir/Traverse.h"

#include <algorithm>

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

size_t operandCount(const std::vector<RedOp>& ops) {
  size_t n = 0;
  for (const RedOp& r : ops)
    n += r.neutral.size();
  return n;
}

/// Arrays a statement consumes (in-place update, scatter/hist destinations, loop merge
/// inputs, call arguments), including consumptions nested in its bodies.
class Consumed : public Walker {
public:
  NameSet names;
  void basicOp(const BasicOp& op) override {
    if (op.kind == BasicOp::Kind::Update || op.kind == BasicOp::Kind::FlatUpdate)
      names.insert(op.arr);
    Walker::basicOp(op);
  }
  void soac(const Soac& s) override {
    if (auto* sc = std::get_if<Scatter>(&s))
      names.insert(sc->dests.begin(), sc->dests.end());
    if (auto* h = std::get_if<Hist>(&s))
      for (const HistOp& o : h->ops)
        names.insert(o.dests.begin(), o.dests.end());
    Walker::soac(s);
  }
  void exp(const Exp& e) override {
    if (auto* l = std::get_if<Loop>(&e))
      for (const auto& [p, init] : l->merge)
        if (p.type.isArray() && init.isVar())
          names.insert(init.var());
    if (auto* a = std::get_if<Apply>(&e))
      for (const SubExp& x : a->args)
        if (x.isVar())
          names.insert(x.var());
    Walker::exp(e);
  }
};

NameSet consumedBy(const Stm& s) {
  Consumed c;
  c.stm(s);
  return c.names;
}

bool intersects(const NameSet& a, const NameSet& b) {
  for (const VName& v : a)
    if (b.count(v))
      return true;
  return false;
}

/// The variables a Screma refers to other than through its inputs.
NameSet nonInputUses(const Screma& s) {
  Screma copy = s;
  copy.inputs.clear();
  return freeVars(Exp{Op{Soac{copy}}});
}

class BodyFuser {
public:
  BodyFuser(std::vector<Stm>& stms, const std::vector<SubExp>& result)
      : stms_(stms), result_(result) {}

  /// Performs one fusion if possible; returns whether it did.
  bool step() {
    for (size_t j = 0; j < stms_.size(); ++j) {
      if (!screma(stms_[j]))
        continue;
      // Prefer a producer (vertical fusion), then a sibling (horizontal fusion).
      for (bool vertical : {true, false})
        for (size_t i = j; i-- > 0;)
          if (screma(stms_[i]) && legal(i, j, vertical)) {
            fuse(i, j);
            return true;
          }
    }
    return false;
  }

private:
  std::vector<Stm>& stms_;
  const std::vector<SubExp>& result_;

  bool legal(size_t i, size_t j, bool vertical) {
    const Stm& ps = stms_[i];
    const Stm& cs = stms_[j];
    const Screma& p = *screma(stms_[i]);
    const Screma& c = *screma(stms_[j]);
    if (!(p.width == c.width))
      return false;
    size_t nOps = operandCount(p.scans) + operandCount(p.reds);
    NameSet pOut, pMapOut;
    for (size_t k = 0; k < ps.pat.size(); ++k) {
      pOut.insert(ps.pat[k].name);
      if (k >= nOps)
        pMapOut.insert(ps.pat[k].name);
    }
    NameSet cIn(c.inputs.begin(), c.inputs.end());
    NameSet pIn(p.inputs.begin(), p.inputs.end());
    // The consumer may read the producer's map results only as inputs.
    for (const VName& v : cIn)
      if (pOut.count(v) && !pMapOut.count(v))
        return false;
    if (intersects(nonInputUses(c), pOut))
      return false;
    for (const PatElem& pe : cs.pat)
      if (intersects(varsOf(pe.type.shape), pOut))
        return false;
    bool related = vertical ? intersects(cIn, pMapOut) : intersects(cIn, pIn);
    if (!related || (!vertical && intersects(cIn, pOut)))
      return false;
    // The producer moves down to the consumer: nothing in between may use its results
    // or consume what it reads.
    NameSet pReads = freeVars(ps.exp);
    for (size_t k = i + 1; k < j; ++k) {
      if (intersects(freeVars(stms_[k]), pOut))
        return false;
      if (intersects(consumedBy(stms_[k]), pReads))
        return false;
    }
    return !intersects(consumedBy(cs), pReads);
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
    for (size_t k = 0; k < c.inputs.size(); ++k) {
      const VName& in = c.inputs[k];
      const Param& cp = c.map.params[k];
      auto fromP = std::find_if(ps.pat.begin() + static_cast<long>(pScan + pRed), ps.pat.end(),
                                [&](const PatElem& pe) { return pe.name == in; });
      if (fromP != ps.pat.end()) {
        subst[cp.name] = pRes[static_cast<size_t>(fromP - ps.pat.begin())];
        continue;
      }
      auto shared = std::find(f.inputs.begin(), f.inputs.end(), in);
      if (shared != f.inputs.end()) {
        subst[cp.name] = SubExp(f.map.params[static_cast<size_t>(shared - f.inputs.begin())].name);
        continue;
      }
      f.inputs.push_back(in);
      f.map.params.push_back(cp);
    }

    Body cBody = substitute(c.map.body, subst);
    f.map.body.stms = p.map.body.stms;
    f.map.body.stms.insert(f.map.body.stms.end(), cBody.stms.begin(), cBody.stms.end());
    const std::vector<SubExp>& cRes = cBody.result;

    Stm out;
    out.prov = cs.prov;
    if (ps.prov.what != cs.prov.what && !ps.prov.what.empty())
      out.prov.what = ps.prov.what + "_" + cs.prov.what;
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
  Body body(const Body& b) override {
    Body out = Mutator::body(b);
    BodyFuser bf(out.stms, out.result);
    while (bf.step()) {
    }
    return out;
  }
};

} // namespace

Prog fuse(Prog prog) {
  Fuser f;
  for (FunDef& fun : prog.funs)
    fun.body = f.body(fun.body);
  return prog;
}

} // namespace fjord::opt
