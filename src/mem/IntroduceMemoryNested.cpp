// Memory introduction for SOACs and operators nested in kernels: they run sequentially in
// the thread, their lambdas see rows of their array inputs as views, reductions fold into
// their result's memory and histograms and scatters work in place.
#include "mem/IntroduceMemoryImpl.h"

#include "ir/ElementIndex.h"
#include "ir/Traverse.h"
#include "mem/Expand.h"

#include <variant>

namespace fjord::mem::detail {

Lambda Introducer::lambda(Lambda l, const Provenance& prov,
                          const std::vector<MemInfoRef>& paramMem) {
  for (size_t k = 0; k < l.params.size(); ++k) {
    Param& p = l.params[k];
    if (p.type.isArray()) {
      if (k >= paramMem.size() || !paramMem[k])
        unsupported(prov, "array parameters of operators inside kernels");
      p.mem = paramMem[k];
    }
    bind(p);
  }
  l.body = body(l.body, Level::Kernel);
  return l;
}

std::vector<MemInfoRef> Introducer::elementViews(const Lambda& lam,
                                                 const std::vector<VName>& inputs) {
  std::vector<MemInfoRef> views;
  for (const VName& in : inputs) {
    MemInfoRef m = memOf(in);
    views.push_back(types_.at(in).rank() > 1
                        ? memInfo(m->block, rowAt(m->lmad, symbolic::Expr::var(
                                                               elementIndexVar(lam))))
                        : nullptr);
  }
  return views;
}

void Introducer::nestedSoac(Stm& s, Soac& soac, Level level) {
  FJORD_CHECK(level == Level::Kernel, "SOAC at host level: run gpu::extractKernels first");
  bool inPlace = false;
  std::visit(Overloaded{
                 [&](Screma& e) { nestedScrema(s, e); },
                 [&](Hist& e) {
                   nestedHist(e, s.prov);
                   inPlace = true;
                   placeInDests(s, soacDestinations(s.exp));
                 },
                 [&](Scatter& e) {
                   e.fn = lambda(e.fn, s.prov, elementViews(e.fn, e.inputs));
                   inPlace = true;
                   placeInDests(s, soacDestinations(s.exp));
                 },
                 [&](Stream&) { unsupported(s.prov, "a stream SOAC inside a kernel"); },
             },
             soac);
  if (inPlace)
    return;
  for (PatElem& p : s.pat)
    if (p.type.isArray() && !p.mem)
      expand(p, s.prov);
}

void Introducer::nestedScrema(Stm& s, Screma& e) {
  e.map = lambda(e.map, s.prov, elementViews(e.map, e.inputs));
  // A reduction over arrays folds into its result's memory; the operator's parameters
  // are that accumulator and the map's result for the element. A scan over arrays folds
  // into the row of its result for the element (imp/ first copies the previous row, or the
  // neutral element, there).
  size_t j = 0;
  auto arrayOp = [&](RedOp& r, bool scan) {
    std::vector<MemInfoRef> accs, elems;
    bool arrays = false;
    for (size_t q = 0; q < r.neutral.size(); ++q)
      arrays = arrays || r.op.params.at(q).type.isArray();
    for (size_t q = 0; q < r.neutral.size(); ++q, ++j) {
      PatElem& p = s.pat.at(j);
      if (!p.type.isArray() || (scan && !arrays)) {
        accs.push_back(nullptr);
        elems.push_back(nullptr);
        continue;
      }
      expand(p, s.prov);
      if (!r.op.params.at(q).type.isArray()) { // a scalar component beside array ones
        accs.push_back(nullptr);
        elems.push_back(nullptr);
        continue;
      }
      accs.push_back(scan ? memInfo(p.mem->block,
                                    rowAt(p.mem->lmad,
                                          symbolic::Expr::var(elementIndexVar(r.op))))
                          : p.mem);
      // The operator folds in the element of the same iteration: a view of a row of an
      // input uses the operator's element index in place of the map's.
      MemInfoRef x = memOf(e.map.body.result.at(j).var());
      std::map<std::string, symbolic::Expr> sameIndex{
          {elementIndexVar(e.map), symbolic::Expr::var(elementIndexVar(r.op))}};
      elems.push_back(e.map.params.empty()
                          ? x
                          : memInfo(x->block, x->lmad.substitute(sameIndex)));
    }
    accs.insert(accs.end(), elems.begin(), elems.end());
    r.op = lambda(r.op, s.prov, accs);
  };
  for (RedOp& r : e.scans)
    arrayOp(r, /*scan=*/true);
  for (RedOp& r : e.reds)
    arrayOp(r, /*scan=*/false);
}

void Introducer::nestedHist(Hist& e, const Provenance& prov) {
  e.bucketFn = lambda(e.bucketFn, prov, elementViews(e.bucketFn, e.inputs));
  size_t value = e.ops.size();
  for (HistOp& h : e.ops) {
    std::vector<MemInfoRef> accs, elems;
    for (size_t q = 0; q < h.dests.size(); ++q, ++value) {
      if (types_.at(h.dests[q]).rank() < 2) {
        accs.push_back(nullptr);
        elems.push_back(nullptr);
        continue;
      }
      MemInfoRef d = memOf(h.dests[q]);
      accs.push_back(
          memInfo(d->block, rowAt(d->lmad, symbolic::Expr::var(bucketIndexVar(h.op.op)))));
      MemInfoRef x = memOf(e.bucketFn.body.result.at(value).var());
      if (e.bucketFn.params.empty()) {
        elems.push_back(x);
        continue;
      }
      std::map<std::string, symbolic::Expr> sameIndex{
          {elementIndexVar(e.bucketFn), symbolic::Expr::var(elementIndexVar(h.op.op))}};
      elems.push_back(memInfo(x->block, x->lmad.substitute(sameIndex)));
    }
    accs.insert(accs.end(), elems.begin(), elems.end());
    h.op.op = lambda(h.op.op, prov, accs);
  }
}

void Introducer::placeInDests(Stm& s, const std::vector<VName>& dests) {
  FJORD_CHECK(s.pat.size() == dests.size(), "pattern does not match the destinations");
  for (size_t k = 0; k < dests.size(); ++k)
    s.pat[k].mem = memOf(dests[k]);
}

} // namespace fjord::mem::detail
