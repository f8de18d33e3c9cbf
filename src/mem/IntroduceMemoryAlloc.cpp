// Memory introduction: allocation. Fresh blocks for new arrays on the host, memory
// expansion for arrays created in kernels (with the sizes they need recomputed on the host),
// and copies into fresh memory where an array must be row-major at offset 0.
#include "mem/IntroduceMemoryImpl.h"

#include "mem/Expand.h"

namespace fjord::mem::detail {

SubExp Introducer::mul(const SubExp& a, const SubExp& b, const std::string& hint,
                       const Provenance& prov, std::vector<Stm>& out) {
  if (!a.isVar() && !b.isVar())
    return PrimValue::int64(a.constant().i * b.constant().i);
  BasicOp op;
  op.kind = BasicOp::Kind::BinOp;
  op.type = PrimType::I64;
  op.binOp = BinOpKind::Mul;
  op.args = {a, b};
  Param res{names_.fresh(hint), Type::prim(PrimType::I64), nullptr};
  bind(res);
  out.push_back(Stm{{res}, Exp{std::move(op)}, prov});
  return res.name;
}

MemInfoRef Introducer::allocate(const Type& t, const VName& arr, const Provenance& prov,
                                std::vector<Stm>& out) {
  std::string hint = arr.name + "_bytes";
  SubExp elems = PrimValue::int64(1);
  for (size_t k = 0; k < t.shape.size(); ++k)
    elems = k == 0 ? t.shape[0] : mul(elems, t.shape[k], hint, prov, out);
  SubExp bytes = mul(elems, PrimValue::int64(primBytes(t.elem)), hint, prov, out);
  Param block{names_.fresh(arr.name + "_mem"), memType(), nullptr};
  bind(block);
  out.push_back(Stm{{block}, Exp{Op{Alloc{bytes, MemSpace::Device}}}, prov});
  return memInfo(block.name, rowMajor(t, defs_));
}

void Introducer::fresh(PatElem& p, Level level, const Provenance& prov, std::vector<Stm>& out) {
  if (level == Level::Kernel)
    return expand(p, prov);
  p.mem = allocate(p.type, p.name, prov, out);
}

void Introducer::expand(PatElem& p, const Provenance& prov) {
  if (!kernel_)
    unsupported(prov, "arrays created inside kernel operators or functions called from "
                      "kernels");
  KernelScope& k = *kernel_;
  const Provenance& where = prov.span.known() ? prov : k.prov;
  if (auto it = k.placed.find(p.name); it != k.placed.end()) {
    p.mem = it->second;
    return;
  }
  // An array made into a later one in place (a loop's initial value, an updated array)
  // shares that one's memory (Note [Loops in kernels]).
  VName root = p.name;
  for (auto l = k.links.find(root); l != k.links.end(); l = k.links.find(root)) {
    root = l->second;
    if (auto it = k.placed.find(root); it != k.placed.end()) {
      p.mem = it->second;
      return;
    }
  }
  if (auto it = k.homes.find(root); it != k.homes.end()) {
    p.mem = it->second;
    return;
  }
  if (k.seg->kind == SegOp::Kind::Hist)
    unsupported(where, "arrays created inside a histogram's kernel");
  std::vector<SubExp> shape;
  for (const SubExp& d : p.type.shape) {
    std::optional<SubExp> h = hostSize(d);
    if (!h)
      unsupported(where, "an array of thread-dependent size inside a kernel");
    shape.push_back(*h);
  }
  std::vector<Stm>& host = *k.host;
  std::string hint = p.name.name + "_bytes";
  symbolic::Expr points = 1;
  for (const auto& [i, n] : k.seg->space.dims)
    points = points * defs_.expr(n);
  if (!k.points) {
    SubExp count;
    for (const auto& [i, n] : k.seg->space.dims)
      count = count == SubExp() ? n : mul(count, n, "points", k.prov, host);
    k.points = count;
  }
  SubExp elems = *k.points;
  for (const SubExp& d : shape)
    elems = mul(elems, d, hint, k.prov, host);
  SubExp bytes = mul(elems, PrimValue::int64(primBytes(p.type.elem)), hint, k.prov, host);
  Param block{names_.fresh(p.name.name + "_mem"), memType(), nullptr};
  bind(block);
  host.push_back(Stm{{block}, Exp{Op{Alloc{bytes, MemSpace::Device}}}, where});
  // The flat point index; in one dimension that is the index itself, which reads better
  // in the generated code's comments.
  const SegSpace& space = k.seg->space;
  symbolic::Expr point = symbolic::Expr::var(
      space.dims.size() == 1 ? space.dims[0].first.str() : space.flat.str());
  p.mem = memInfo(block.name, expandedLmad(shapeExprs(p.type, defs_), point, points));
  k.homes.emplace(root, p.mem);
}

std::optional<SubExp> Introducer::hostSize(const SubExp& d) {
  KernelScope& k = *kernel_;
  if (!d.isVar() || !k.bound.count(d.var()))
    return d;
  if (auto it = k.hoisted.find(d.var()); it != k.hoisted.end())
    return it->second;
  auto def = k.scalarDefs.find(d.var());
  if (def == k.scalarDefs.end() || !cannotFail(def->second))
    return std::nullopt;
  BasicOp op = def->second;
  for (SubExp& a : op.args) {
    std::optional<SubExp> h = hostSize(a);
    if (!h)
      return std::nullopt;
    a = *h;
  }
  Param res{names_.fresh(d.var().name), types_.at(d.var()), nullptr};
  bind(res);
  if (res.type == Type::prim(PrimType::I64))
    defs_.record(res.name, op);
  k.host->push_back(Stm{{res}, Exp{std::move(op)}, k.prov});
  k.hoisted.emplace(d.var(), res.name);
  return SubExp(res.name);
}

bool Introducer::cannotFail(const BasicOp& op) {
  switch (op.kind) {
  case BasicOp::Kind::SubExp:
  case BasicOp::Kind::UnOp:
  case BasicOp::Kind::CmpOp:
  case BasicOp::Kind::Convert:
    return true;
  case BasicOp::Kind::BinOp:
    switch (op.binOp) {
    case BinOpKind::Div:
    case BinOpKind::Mod:
    case BinOpKind::Quot:
    case BinOpKind::Rem:
      return !op.args.at(1).isVar() && op.args[1].constant().i != 0;
    case BinOpKind::Pow:
      return false;
    default:
      return true;
    }
  default:
    return false;
  }
}

VName Introducer::copyFresh(const VName& arr, Level level, const Provenance& prov,
                            std::vector<Stm>& out) {
  PatElem c{names_.fresh(arr.name + "_copy"), types_.at(arr), nullptr};
  fresh(c, level, prov, out);
  BasicOp op;
  op.kind = BasicOp::Kind::Copy;
  op.arr = arr;
  bind(c);
  out.push_back(Stm{{c}, Exp{std::move(op)}, prov});
  return c.name;
}

VName Introducer::rowMajorArray(const VName& arr, Level level, const Provenance& prov,
                                std::vector<Stm>& out, bool needFresh,
                                const std::set<VName>& taken) {
  MemInfoRef m = memOf(arr);
  bool ok = isRowMajorAtZero(m->lmad, types_.at(arr), defs_);
  if (needFresh)
    ok = ok && !mayAliasParam(m->block) && !taken.count(m->block);
  if (ok)
    return arr;
  // Kernel memory is expanded, never row-major at offset 0 (Note [Memory expansion]).
  if (level == Level::Kernel)
    unsupported(prov, "an array created or sliced inside a kernel as the result of an "
                      "`if` or a call");
  return copyFresh(arr, level, prov, out);
}

} // namespace fjord::mem::detail
