// Core-IR shapes and slices as symbolic LMADs (see Layout.h).
#include "mem/Layout.h"

#include "support/Diagnostics.h"

namespace fjord::mem {

using symbolic::DimSlice;
using symbolic::Expr;
using symbolic::Lmad;

void SizeDefs::record(const ir::VName& x, const ir::BasicOp& op) {
  using K = ir::BasicOp::Kind;
  using B = ir::BinOpKind;
  if (op.type != PrimType::I64)
    return;
  if (op.kind == K::SubExp) {
    defs_[x.str()] = expr(op.args.at(0));
    return;
  }
  if (op.kind != K::BinOp)
    return;
  Expr a = expr(op.args.at(0)), b = expr(op.args.at(1));
  int64_t c = 0;
  switch (op.binOp) {
  case B::Add:
    defs_[x.str()] = a + b;
    return;
  case B::Sub:
    defs_[x.str()] = a - b;
    return;
  case B::Mul:
    defs_[x.str()] = a * b;
    return;
  case B::Div: // floor division, as symbolic::floorDiv
    if (b.isConst(&c) && c != 0)
      defs_[x.str()] = symbolic::floorDiv(a, c);
    return;
  case B::Mod: // floor modulo, as symbolic::mod
    if (b.isConst(&c) && c != 0)
      defs_[x.str()] = symbolic::mod(a, c);
    return;
  default:
    return;
  }
}

Expr SizeDefs::expr(const ir::SubExp& se) const {
  if (!se.isVar())
    return Expr(se.constant().i);
  std::string name = se.var().str();
  auto it = defs_.find(name);
  return it != defs_.end() ? it->second : Expr::var(name);
}

std::vector<Expr> shapeExprs(const ir::Type& type, const SizeDefs& defs) {
  std::vector<Expr> out;
  for (const ir::SubExp& d : type.shape)
    out.push_back(defs.expr(d));
  return out;
}

Lmad rowMajor(const ir::Type& type, const SizeDefs& defs) {
  return Lmad::rowMajor(Expr(0), shapeExprs(type, defs));
}

bool isRowMajorAtZero(const Lmad& lmad, const ir::Type& type, const SizeDefs& defs) {
  return lmad == rowMajor(type, defs);
}

Lmad sliceLmad(const Lmad& lmad, const ir::Slice& slice, const SizeDefs& defs) {
  FJORD_CHECK(slice.size() <= lmad.rank(), "slice longer than the array's rank");
  std::vector<DimSlice> slices;
  for (const ir::DimIndex& d : slice) {
    if (d.fixed)
      slices.push_back(DimSlice::fix(defs.expr(d.index)));
    else
      slices.push_back(
          DimSlice::range(defs.expr(d.start), defs.expr(d.count), defs.expr(d.stride)));
  }
  for (size_t k = slice.size(); k < lmad.rank(); ++k)
    slices.push_back(DimSlice::all(lmad.dims[k].size));
  return lmad.slice(slices);
}

} // namespace fjord::mem
