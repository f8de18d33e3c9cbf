// Memory introduction for basic operations: slices, transpositions, reshapes, aliases,
// in-place updates and LMAD slices are views of their source's block; operations that
// create arrays get fresh memory.
#include "mem/IntroduceMemoryImpl.h"

namespace fjord::mem::detail {

MemInfoRef Introducer::flatSource(const Stm& s, BasicOp& op, Level level, std::vector<Stm>& out) {
  symbolic::Expr count = 1;
  for (const symbolic::Expr& n : shapeExprs(types_.at(op.arr), defs_))
    count = count * n;
  symbolic::Prover prover(facts_.facts());
  MemInfoRef src = memOf(op.arr);
  if (auto flat = src->lmad.reshape({count}, prover))
    return memInfo(src->block, *flat);
  op.arr = copyFresh(op.arr, level, s.prov, out);
  MemInfoRef copy = memOf(op.arr);
  auto flat = copy->lmad.reshape({count}, prover);
  FJORD_CHECK(flat.has_value(), "a fresh copy does not flatten to one LMAD");
  return memInfo(copy->block, *flat);
}

Lmad Introducer::flatView(const BasicOp& op) const {
  size_t k = flatOffsetArg(op);
  Lmad view{defs_.expr(op.args.at(k)), {}};
  for (size_t d = 0; d < flatRank(op); ++d)
    view.dims.push_back(symbolic::Dim{defs_.expr(op.args.at(k + 1 + 2 * d)),
                                      defs_.expr(op.args.at(k + 2 + 2 * d))});
  return view;
}

void Introducer::basicOp(Stm& s, BasicOp& op, Level level, std::vector<Stm>& out) {
  if (s.pat.size() == 1 && s.pat[0].type == Type::prim(PrimType::I64))
    defs_.record(s.pat[0].name, op);
  if (s.pat.empty() || !s.pat[0].type.isArray())
    return;
  PatElem& p = s.pat[0];
  switch (op.kind) {
  case BasicOp::Kind::SubExp:
    p.mem = memOf(op.args.at(0).var());
    return;
  case BasicOp::Kind::Update:
    p.mem = memOf(op.arr);
    return;
  case BasicOp::Kind::FlatIndex: {
    MemInfoRef flat = flatSource(s, op, level, out);
    p.mem = memInfo(flat->block, flat->lmad.sliceByLmad(flatView(op)));
    return;
  }
  case BasicOp::Kind::FlatUpdate:
    if (level == Level::Kernel)
      unsupported(s.prov, "LMAD slice updates inside kernels");
    // Written in place through the view (imp/ lowers it); the result keeps arr's memory.
    flatSource(s, op, level, out);
    p.mem = memOf(op.arr);
    return;
  case BasicOp::Kind::Index: {
    MemInfoRef src = memOf(op.arr);
    p.mem = memInfo(src->block, sliceLmad(src->lmad, op.slice, defs_));
    return;
  }
  case BasicOp::Kind::Rearrange: {
    MemInfoRef src = memOf(op.arr);
    std::vector<size_t> perm(op.perm.begin(), op.perm.end());
    p.mem = memInfo(src->block, src->lmad.permute(perm));
    return;
  }
  case BasicOp::Kind::Reshape: {
    MemInfoRef src = memOf(op.arr);
    symbolic::Prover prover(facts_.facts());
    if (auto view = src->lmad.reshape(shapeExprs(p.type, defs_), prover)) {
      p.mem = memInfo(src->block, *view);
      return;
    }
    // The copy is row-major (host) or expanded (kernel): either way its row-major index
    // order is contiguous and the reshape is a view of it.
    op.arr = copyFresh(op.arr, level, s.prov, out);
    MemInfoRef copy = memOf(op.arr);
    auto view = copy->lmad.reshape(shapeExprs(p.type, defs_), prover);
    FJORD_CHECK(view.has_value(), "a reshape of a fresh copy is not a view");
    p.mem = memInfo(copy->block, *view);
    return;
  }
  case BasicOp::Kind::Iota:
  case BasicOp::Kind::Replicate:
  case BasicOp::Kind::Copy:
  case BasicOp::Kind::ArrayLit:
  case BasicOp::Kind::Concat:
    fresh(p, level, s.prov, out);
    return;
  case BasicOp::Kind::UnOp:
  case BasicOp::Kind::BinOp:
  case BasicOp::Kind::CmpOp:
  case BasicOp::Kind::Convert:
  case BasicOp::Kind::Call:
  case BasicOp::Kind::Assert:
  case BasicOp::Kind::CmpSize:
  case BasicOp::Kind::DeviceLimit:
    break;
  }
  internalError("mem/IntroduceMemory", "scalar operation with an array result");
}

} // namespace fjord::mem::detail
