// A SegMap over contiguous arrays, four points per thread (see GroupReduce.h).
#include "imp/GroupReduce.h"

#include <variant>

namespace fjord::imp::detail {

// Note [Vectorised map]
// A map from contiguous inputs to contiguous outputs moves memory at full speed only with
// wide accesses. When the body reads at least one such input and otherwise computes only
// scalars (no other array reads, loops or calls), thread g computes points 4g .. 4g+3:
//   load the vectorisable inputs' elements 4g .. 4g+3 into private arrays of four
//     (Note [Vectorised inputs]);
//   for (q < 4) if (4g + q < n) { the body for point 4g + q; results into private arrays }
//   one vector store per result when all four points exist, else element by element.
// The host launches ceil(ceil(n / 4) / block_size) blocks, and nothing when n is 0.

namespace {

bool vectorResult(const ArrayVar& a) {
  int64_t offset = -1, stride = -1;
  bool elem = a.elem == PrimType::F32 || a.elem == PrimType::I32 || a.elem == PrimType::U32;
  return elem && a.lmad.rank() == 1 && a.lmad.offset.isConst(&offset) && offset == 0 &&
         a.lmad.dims[0].stride.isConst(&stride) && stride == 1;
}

} // namespace

bool lowerVectorisedSegMap(HostLowerer& host, const ir::Stm& stm, const ir::SegOp& op,
                           Block& out) {
  if (op.space.dims.size() != 1 || !op.writeDests.empty() || stm.pat.empty())
    return false;
  for (const ir::PatElem& pe : stm.pat) {
    if (pe.type.shape.size() != 1)
      return false;
    host.bindArray(pe);
    if (!vectorResult(host.array(pe.name)))
      return false;
  }
  std::vector<VectorInput> ins = vectorInputs(host, op.body, op.space.dims[0].first);
  if (ins.empty() || !scalarOnly(withoutInputs(op.body, ins)))
    return false;
  std::string base = kernelBaseName(host.functionName(), stm.prov.what, "map");
  KernelLowerer k(host, host.kernelName(base), stm);
  ExpRef bs = host.blockSizeFor(base, out);
  const auto& [dimV, dimN] = op.space.dims[0];
  ExpRef total = host.subExp(dimN);

  Block decls, body;
  std::vector<std::string> lanes = laneArrays(k, ins, 4, decls);
  std::vector<std::string> resLanes, resMems;
  for (const ir::PatElem& pe : stm.pat) {
    const ArrayVar& a = k.array(pe.name);
    k.noteArray(true, a);
    resMems.push_back(k.mem(a.block, a.elem, true));
    resLanes.push_back(k.freshName(pe.name.name + "_lanes"));
    Stm s = sharedArray(resLanes.back(), a.elem, 4);
    s.space = MemSpace::Device; // private to the thread
    decls.push_back(std::move(s));
  }
  body.push_back(comment("each thread computes 4 consecutive points, with vector loads and "
                         "stores"));
  ExpRef g = globalThreadId(k, "g", body);
  ExpRef n = k.subExp(dimN);
  Block guarded, point, inRange;
  loadLanes(k, ins, lanes, g, n, i64(0), guarded);
  std::string q = k.freshName("q");
  ExpRef qv = var(q, PrimType::I64);
  ExpRef i = k.let(dimV.name, add(mul(g, i64(4)), qv), point);
  k.bindScalar(dimV, i->name, PrimType::I64);
  k.bindScalar(op.space.flat, i->name, PrimType::I64);
  for (size_t j = 0; j < ins.size(); ++j)
    k.declareScalar(ins[j].bound, ins[j].array.elem, load(lanes[j], qv, ins[j].array.elem),
                    inRange);
  k.lowerStms(withoutInputs(op.body, ins), inRange);
  for (size_t j = 0; j < stm.pat.size(); ++j)
    inRange.push_back(store(resLanes[j], qv, k.subExp(op.body.result.at(j))));
  point.push_back(ifThen(lt(i, n), std::move(inRange)));
  guarded.push_back(forLoop(q, i64(4), std::move(point)));

  for (size_t j = 0; j < stm.pat.size(); ++j) {
    Stm v; // Note [Warp shuffles and vectors in Imp]
    v.kind = Stm::Kind::StoreLanes;
    v.name = resMems[j];
    v.src = resLanes[j];
    v.type = k.array(stm.pat[j].name).elem;
    v.args = {g, n};
    guarded.push_back(std::move(v));
  }
  body.push_back(ifThen(lt(g, k.param("groups", divUp(total, i64(4)))), std::move(guarded)));
  decls.insert(decls.end(), body.begin(), body.end());
  k.kernel.body = std::move(decls);
  k.describe.push_back("map over [" + (dimN.isVar() ? dimN.var().name
                                                    : std::to_string(dimN.constant().i)) +
                       "], four consecutive points per thread");

  host.launch(k, divUp(divUp(total, i64(4)), bs), bs, out); // an empty grid launches nothing
  return true;
}

} // namespace fjord::imp::detail
