// A tile item's map body, kept from writing memory at padding points (Note [Padding points
// write nothing]).
#include "imp/ScanKernels.h"

#include <set>

namespace fjord::imp::detail {

// Note [Padding points write nothing]
// A tile item past n runs the body at point n - 1 (Note [Loads in flight], ScanKernels.cpp).
// That is safe only while the body writes nothing that a real point reads: a body that
// fills a per-point scratch array (e.g. `replicate m i` inside a loop, given a row of a
// buffer indexed by the point) would have every padding item of the last tile write point
// n - 1's row while the thread of point n - 1 reads it, so that thread could read another
// thread's values (found by difftest: tests/programs/scan/scratch.fut). So where the
// lowered body stores to memory that outlives the thread (anything but its own private
// arrays and the error flag, which point n - 1 would set alike), it runs only where
// in_range holds and padding items take the neutral element without running it. That is
// right for every operator (the neutral element is what a padding item contributes
// anyway), and the common body, which only loads, keeps its unbranched loads.

namespace {

/// Whether `b` stores to memory other than the arrays in `privateArrays` (declared in the
/// body, which it extends) and `errorFlag`; a device call passing memory counts as a store.
bool writesShared(const Block& b, std::set<std::string>& privateArrays,
                  const std::string& errorFlag, ExpRef skipIf) {
  auto outlives = [&](const std::string& mem) {
    return mem != errorFlag && !privateArrays.count(mem);
  };
  for (const Stm& s : b) {
    switch (s.kind) {
    case Stm::Kind::DeclareArray:
      if (s.space != MemSpace::Shared)
        privateArrays.insert(s.name);
      break;
    case Stm::Kind::Store:
    case Stm::Kind::StoreVolatile:
    case Stm::Kind::AtomicUpdate:
    case Stm::Kind::AtomicCas:
    case Stm::Kind::AtomicFetchAdd:
    case Stm::Kind::StoreVector:
    case Stm::Kind::StoreLanes:
      if (outlives(s.name))
        return true;
      break;
    case Stm::Kind::Call:
      for (const KernelArg& a : s.kernelArgs)
        if (a.kind == Param::Kind::Mem && outlives(a.mem))
          return true;
      for (const KernelArg& a : s.outs)
        if (a.kind == Param::Kind::Mem && outlives(a.mem))
          return true;
      break;
    default:
      break;
    }
    if (s.kind == Stm::Kind::If && !s.args.empty() && s.args[0] == skipIf)
      continue; // the mapped results' stores, already guarded by in_range
    if (writesShared(s.body, privateArrays, errorFlag, skipIf) ||
        writesShared(s.elseBody, privateArrays, errorFlag, skipIf))
      return true;
  }
  return false;
}

} // namespace

bool writesMemory(const KernelLowerer& k, const Block& b, ExpRef guardedBy) {
  std::set<std::string> privateArrays;
  return writesShared(b, privateArrays, k.errorFlag, guardedBy);
}

Vals evalTileItem(KernelLowerer& k, const ScanPlan& p, const TileItem& t, bool storeMapped,
                  Block& out) {
  Block body;
  Vals x = evalPoint(k, p, t.i, storeMapped ? t.inRange : nullptr, body);
  Vals zero = neutral(k, p);
  if (!writesMemory(k, body, t.inRange)) {
    out.insert(out.end(), body.begin(), body.end());
    for (size_t v = 0; v < x.size(); ++v)
      x[v] = select(t.inRange, x[v], zero[v]);
    return x;
  }
  Vals held = declareVals(k, p, "_point", zero, out);
  Block guarded;
  for (Stm& s : body) {
    // The mapped results' stores need no second in_range test inside this one.
    if (s.kind == Stm::Kind::If && !s.args.empty() && s.args[0] == t.inRange &&
        s.elseBody.empty())
      guarded.insert(guarded.end(), s.body.begin(), s.body.end());
    else
      guarded.push_back(std::move(s));
  }
  assignVals(held, x, guarded);
  out.push_back(comment("only points before n run the body: it writes memory that point\n"
                        "n - 1 reads (Note [Padding points write nothing], ScanPaddingPoints.cpp)"));
  out.push_back(ifThen(t.inRange, std::move(guarded)));
  return held;
}

} // namespace fjord::imp::detail
