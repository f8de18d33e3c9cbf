// SegMap -> one kernel with one thread per point of the space (see Lowering.h).
//
//   gtid = block_id * block_size + thread_id
//   if (gtid < total) {            // total = n0 * n1 * ..., computed on the host
//     i0 = gtid / (n1 * ...); i1 = (gtid / (n2 * ...)) % n1; ...
//     <body>
//     res[lmad(i0, i1, ...)] = r   // each result at the point (array results: its row)
//   }
// The host launches ceil(total / block_size) blocks, and nothing when total is 0.
// Maps between contiguous arrays instead take four points per thread with vector loads and
// stores (Note [Vectorised map], LowerSegMapVector.cpp).
// A scattering SegMap (Note [Scattering SegMap]) writes each value at its index instead:
//     if (0 <= idx && idx < dest_len) dest[idx] = v
#include "imp/GroupReduce.h"

namespace fjord::imp::detail {

namespace {

std::string describeSpace(Lowerer& host, const ir::SegSpace& space) {
  std::string s;
  for (const auto& [v, n] : space.dims)
    s += "[" + (n.isVar() ? n.var().name : std::to_string(n.constant().i)) + "]";
  return s;
}

/// Note [Scattering SegMap]: value j goes to destination j at index j when the index is
/// within bounds (the pattern element is the destination, in its memory).
void scatterResults(KernelLowerer& k, const ir::Stm& stm, const ir::SegOp& op, Block& out) {
  size_t n = op.writeDests.size();
  for (size_t j = 0; j < n; ++j) {
    const ir::PatElem& pe = stm.pat.at(j);
    k.bindArray(pe);
    const ArrayVar dest = k.array(pe.name);
    ExpRef idx = k.subExp(op.body.result.at(j));
    ExpRef inBounds = andE(cmp(CmpOpKind::Ge, idx, i64(0)), lt(idx, k.subExp(pe.type.shape.at(0))));
    Block write;
    k.writeElement(dest, {idx}, k.subExp(op.body.result.at(n + j)), write);
    out.push_back(ifThen(inBounds, std::move(write)));
  }
}

std::string describeDests(const ir::SegOp& op) {
  std::string s;
  for (const ir::VName& d : op.writeDests)
    s += (s.empty() ? "" : ", ") + d.name;
  return s;
}

} // namespace

void lowerSegMap(HostLowerer& host, const ir::Stm& stm, const ir::SegOp& op, Block& out) {
  if (lowerVectorisedSegMap(host, stm, op, out))
    return;
  std::string base = kernelBaseName(host.functionName(), stm.prov.what,
                                    op.writeDests.empty() ? "map" : "scatter");
  KernelLowerer k(host, host.kernelName(base), stm);
  ExpRef bs = host.blockSizeFor(base, out);
  ir::Shape shape;
  for (const auto& d : op.space.dims)
    shape.push_back(d.second);
  ExpRef total = host.hostLet("total", shapeCount(host, shape), out);

  Block body;
  // In one dimension the thread id is the point, so it takes the index's source name.
  const std::string& idName =
      op.space.dims.size() == 1 ? op.space.dims[0].first.name : op.space.flat.name;
  ExpRef gtid = globalThreadId(k, idName.empty() ? "gtid" : idName, body);
  k.bindScalar(op.space.flat, gtid->name, PrimType::I64);
  ExpRef totalK = k.param("total", total);
  Block guarded;
  std::vector<ExpRef> dims;
  std::vector<std::string> idxNames;
  std::vector<symbolic::Expr> symPoint;
  for (const auto& [v, n] : op.space.dims) {
    idxNames.push_back(v.name);
    symPoint.push_back(symbolic::Expr::var(v.str()));
  }
  std::vector<ExpRef> point;
  if (op.space.dims.size() == 1) {
    // One dimension: the point is the thread id itself.
    k.bindScalar(op.space.dims[0].first, gtid->name, PrimType::I64);
    point.push_back(gtid);
  } else {
    for (const auto& d : op.space.dims)
      dims.push_back(dims.empty() ? nullptr : k.subExp(d.second)); // outermost: unused
    point = unflatten(k, dims, gtid, idxNames, guarded);
    for (size_t d = 0; d < point.size(); ++d)
      k.bindScalar(op.space.dims[d].first, point[d]->name, PrimType::I64);
  }
  k.lowerStms(op.body.stms, guarded);
  if (op.writeDests.empty())
    storeResults(k, stm, 0, op.body.result, 0, point, symPoint, guarded);
  else
    scatterResults(k, stm, op, guarded);
  body.push_back(ifThen(lt(gtid, totalK), std::move(guarded)));
  k.kernel.body = std::move(body);
  if (op.writeDests.empty())
    k.describe.push_back("map over " + describeSpace(host, op.space) +
                         ", one thread per point");
  else
    k.describe.push_back("scatter over " + describeSpace(host, op.space) + " into " +
                         describeDests(op) + ", one thread per point; out-of-bounds " +
                         "indices are skipped");

  host.launch(k, divUp(total, bs), bs, out); // an empty grid launches nothing
  for (const ir::PatElem& pe : stm.pat)
    host.bindArray(pe);
}

} // namespace fjord::imp::detail
