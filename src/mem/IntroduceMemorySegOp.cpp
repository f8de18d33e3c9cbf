// Memory introduction for SegOps: the results' memory (fresh, or the destinations of an
// in-place SegOp), the rows of it that the body builds its arrays in, and the walk of the
// body as kernel code.
#include "mem/IntroduceMemoryImpl.h"

#include "ir/Traverse.h"
#include "mem/KernelLoops.h"

namespace fjord::mem::detail {

void Introducer::segOp(Stm& s, SegOp& seg, Level level, std::vector<Stm>& out) {
  FJORD_CHECK(level == Level::Host, "SegOp inside a kernel");
  types_[seg.space.flat] = Type::prim(PrimType::I64);
  for (const auto& [i, n] : seg.space.dims)
    types_[i] = Type::prim(PrimType::I64);
  for (RedOp& r : seg.ops)
    r.op = lambda(r.op, s.prov);
  std::vector<VName> dests = seg.writeDests; // Note [Scattering SegMap]: in place
  for (HistOp& h : seg.histOps) {
    h.op.op = lambda(h.op.op, s.prov);
    dests.insert(dests.end(), h.dests.begin(), h.dests.end());
  }
  // The results' memory comes first, so that the body can build its arrays in it.
  for (size_t k = 0; k < s.pat.size(); ++k) {
    PatElem& p = s.pat[k];
    if (!p.type.isArray())
      continue;
    if (!dests.empty()) {
      FJORD_CHECK(k < dests.size(), "pattern longer than the SegOp's destinations");
      p.mem = memOf(dests[k]); // in place
      continue;
    }
    fresh(p, level, s.prov, out);
  }
  kernel_ = KernelScope{&out, &seg, s.prov, std::nullopt, {seg.space.flat}, {}, {}, {}, {}, {}};
  for (const auto& [i, n] : seg.space.dims)
    kernel_->bound.insert(i);
  if (dests.empty())
    kernel_->placed = placeResults(s, seg);
  kernel_->links = inPlaceLinks(seg.body);
  seg.body = body(seg.body, Level::Kernel);
  kernel_.reset();
}

std::map<VName, MemInfoRef> Introducer::placeResults(const Stm& s, const SegOp& seg) {
  size_t reduced = 0;
  for (const RedOp& op : seg.ops)
    reduced += op.neutral.size();
  std::map<VName, MemInfoRef> placed;
  for (size_t k = reduced; k < s.pat.size() && k < seg.body.result.size(); ++k) {
    const SubExp& r = seg.body.result[k];
    if (!r.isVar() || s.pat[k].type.rank() <= static_cast<int>(seg.space.dims.size()))
      continue; // a scalar per point
    Lmad row = s.pat[k].mem->lmad;
    for (const auto& [i, n] : seg.space.dims)
      row = row.fix(symbolic::Expr::var(i.str()));
    placed.emplace(r.var(), memInfo(s.pat[k].mem->block, std::move(row)));
  }
  for (auto it = seg.body.stms.rbegin(); it != seg.body.stms.rend(); ++it) {
    // A nested histogram or scatter updates its destinations in place, so they too can
    // be built in the result's row.
    std::vector<VName> dests = soacDestinations(it->exp);
    for (size_t k = 0; k < dests.size() && k < it->pat.size(); ++k)
      if (auto row = placed.find(it->pat[k].name); row != placed.end())
        placed.emplace(dests[k], row->second);
    const auto* op = std::get_if<BasicOp>(&it->exp);
    if (!op || it->pat.size() != 1 || !placed.count(it->pat[0].name))
      continue;
    MemInfoRef row = placed.at(it->pat[0].name);
    if (op->kind == BasicOp::Kind::Update)
      placed.emplace(op->arr, row);
    else if (op->kind == BasicOp::Kind::SubExp && op->args.at(0).isVar())
      placed.emplace(op->args[0].var(), row);
  }
  return placed;
}

} // namespace fjord::mem::detail
