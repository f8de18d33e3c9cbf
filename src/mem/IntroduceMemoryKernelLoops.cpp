// Memory introduction for loops inside kernels: one fixed memory per array merge
// parameter, with copies into it only where the value does not already live there.
#include "mem/IntroduceMemoryImpl.h"

namespace fjord::mem::detail {

// Note [Loops in kernels]
// A loop inside a kernel cannot give its array merge parameters existential blocks (kernel
// code allocates nothing, and expanded memory is never row-major at offset 0). Instead
// each array merge parameter gets one fixed memory for the whole loop: its row of the
// SegOp's result when the loop's result is (through in-place updates) the point's result,
// otherwise expanded memory (Note [Memory expansion] in Expand.h). The loop's result has
// that memory too.
//  * Before the loop, the initial value is copied in, unless it already lives exactly
//    there: an array whose last use is as the loop's initial value is created in the
//    loop's memory to begin with (inPlaceLinks in KernelLoops.h), so `loop acc = copy row`
//    copies nothing.
//  * At the end of each iteration, the body's result is copied in, unless it already
//    lives exactly there (the parameter passed on, perhaps updated in place: `acc with
//    [i] = v` copies nothing, and the loop reads and writes the thread's row directly).
//  * A value in the memory of one of the loop's parameters in another layout (`reverse
//    acc`, a slice) or of another parameter (`(acc1, acc2) = (acc2, acc1)`) would be
//    overwritten while it is copied; it goes through a fresh expanded temporary first,
//    and all such temporaries are taken before the first copy into a parameter's memory.
// Body results built in fresh memory are not built in the parameter's memory directly:
// the body may still read the parameter while building them (`map (+1) acc`).

void Introducer::kernelLoop(Stm& s, Loop& e, std::vector<Stm>& out) {
  std::vector<MemInfoRef> homes(e.merge.size());
  for (size_t j = 0; j < e.merge.size(); ++j) {
    if (!e.merge[j].first.type.isArray())
      continue;
    if (!kernel_)
      unsupported(s.prov, "loops over arrays inside kernel operators or functions called "
                          "from kernels");
    expand(s.pat[j], s.prov);
    homes[j] = s.pat[j].mem;
  }
  std::vector<SubExp> inits;
  for (const auto& [p, init] : e.merge)
    inits.push_back(init);
  inits = intoHomes(inits, homes, s.prov, out);
  for (size_t j = 0; j < e.merge.size(); ++j) {
    auto& [p, init] = e.merge[j];
    init = inits[j];
    if (homes[j])
      p.mem = homes[j];
    bind(p);
  }
  if (e.kind == Loop::Kind::For)
    bind(Param{e.iterator, Type::prim(PrimType::I64), nullptr});
  Body b = body(e.body, Level::Kernel);
  b.result = intoHomes(b.result, homes, s.prov, b.stms);
  e.body = std::move(b);
}

std::vector<SubExp> Introducer::intoHomes(std::vector<SubExp> vals,
                                          const std::vector<MemInfoRef>& homes,
                                          const Provenance& prov, std::vector<Stm>& out) {
  std::set<VName> blocks;
  for (const MemInfoRef& h : homes)
    if (h)
      blocks.insert(h->block);
  std::vector<bool> move(vals.size(), false);
  for (size_t j = 0; j < vals.size(); ++j) {
    if (!homes[j])
      continue;
    FJORD_CHECK(vals[j].isVar(), "an array merge value that is not a variable");
    MemInfoRef m = memOf(vals[j].var());
    if (m->block == homes[j]->block && m->lmad == homes[j]->lmad)
      continue;
    move[j] = true;
    if (blocks.count(m->block))
      vals[j] = copyFresh(vals[j].var(), Level::Kernel, prov, out);
  }
  for (size_t j = 0; j < vals.size(); ++j)
    if (move[j])
      vals[j] = copyInto(vals[j].var(), homes[j], prov, out);
  return vals;
}

VName Introducer::copyInto(const VName& arr, const MemInfoRef& dest, const Provenance& prov,
                           std::vector<Stm>& out) {
  PatElem c{names_.fresh(arr.name + "_loop"), types_.at(arr), dest};
  BasicOp op;
  op.kind = BasicOp::Kind::Copy;
  op.arr = arr;
  bind(c);
  out.push_back(Stm{{c}, Exp{std::move(op)}, prov});
  return c.name;
}

} // namespace fjord::mem::detail
