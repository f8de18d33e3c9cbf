// A map nest during kernel extraction: its space, and the statements that read the nest's
// names at a point of it (see the header).
#include "gpu/KernelNest.h"

#include "support/Diagnostics.h"

#include <map>
#include <tuple>

namespace fjord::gpu {
namespace {

using namespace ir;
using ir::Type; // not fjord::Type (source-language types)

SubExp i64(int64_t v) { return PrimValue::int64(v); }

Stm basicStm(std::vector<PatElem> pat, BasicOp op, const Provenance& prov) {
  return Stm{std::move(pat), Exp{std::move(op)}, prov};
}

/// `let p = arr[idxs..., 0:d:1 for each dimension d of p]`.
Stm bindRow(const Param& p, const VName& arr, const std::vector<SubExp>& idxs,
            const Provenance& prov) {
  BasicOp op;
  op.kind = BasicOp::Kind::Index;
  op.arr = arr;
  for (const SubExp& i : idxs)
    op.slice.push_back(DimIndex{/*fixed=*/true, i, {}, {}, {}});
  for (const SubExp& d : p.type.shape)
    op.slice.push_back(DimIndex{/*fixed=*/false, {}, i64(0), d, i64(1)});
  return basicStm({Param{p.name, p.type, nullptr}}, std::move(op), prov);
}

/// `let p = start + i * stride`: element i of `iota n, start, stride` (Note [Iota inputs]),
/// computed in the iota's type (wrapping as the iota does); no multiply by 1 nor add of 0.
void bindIotaElement(const Param& p, const BasicOp& iota, const SubExp& i, NameSource& names,
                     const Provenance& prov, std::vector<Stm>& out) {
  PrimType t = iota.type;
  const SubExp& start = iota.args[1];
  const SubExp& stride = iota.args[2];
  auto isConst = [](const SubExp& se, int64_t v) { return !se.isVar() && se.constant().i == v; };
  std::vector<BasicOp> ops; // each one's result is the next one's first operand
  if (t != PrimType::I64) {
    BasicOp conv;
    conv.kind = BasicOp::Kind::Convert;
    conv.type = PrimType::I64;
    conv.toType = t;
    conv.args = {i};
    ops.push_back(std::move(conv));
  }
  for (auto [k, operand, identity] :
       {std::tuple{BinOpKind::Mul, stride, 1}, std::tuple{BinOpKind::Add, start, 0}}) {
    if (isConst(operand, identity))
      continue;
    BasicOp op;
    op.kind = BasicOp::Kind::BinOp;
    op.binOp = k;
    op.type = t;
    op.args = {SubExp(), operand};
    ops.push_back(std::move(op));
  }
  if (ops.empty()) {
    out.push_back(bindValue(p, i, prov));
    return;
  }
  SubExp x = i;
  for (size_t k = 0; k < ops.size(); ++k) {
    BasicOp& op = ops[k];
    op.args[0] = x;
    bool last = k + 1 == ops.size();
    VName v = last ? p.name
                   : names.fresh(op.kind == BasicOp::Kind::Convert ? "iota_index" : "iota_offset");
    out.push_back(basicStm({Param{v, last ? p.type : Type::prim(t), nullptr}}, std::move(op), prov));
    x = SubExp(v);
  }
}

} // namespace

Stm bindValue(const Param& p, SubExp se, const Provenance& prov) {
  BasicOp op;
  op.kind = BasicOp::Kind::SubExp;
  op.args = {std::move(se)};
  return basicStm({Param{p.name, p.type, nullptr}}, std::move(op), prov);
}

Stm segStm(std::vector<PatElem> pat, SegOp op, const Provenance& prov) {
  return Stm{std::move(pat), Exp{Op{std::move(op)}}, prov};
}

void KernelNest::addLevel(NameSource& names, const SubExp& width, const Lambda& lam,
                          const std::vector<VName>& inputs) {
  FJORD_CHECK(lam.params.size() == inputs.size(), "SOAC lambda arity differs from inputs");
  VName gtid = names.fresh("gtid");
  dims.emplace_back(gtid, width);
  for (size_t k = 0; k < lam.params.size(); ++k) {
    NestSource src{inputs[k], {}};
    for (const auto& [p, s] : bound)
      if (p.name == inputs[k])
        src = s;
    FJORD_CHECK(!(src.idx.empty() && inside.count(inputs[k])),
                "map input bound in the nest but not stored for every point");
    src.idx.push_back(gtid);
    bound.emplace_back(lam.params[k], std::move(src));
    inside.insert(lam.params[k].name);
  }
}

void KernelNest::addExpanded(const Param& p, const VName& arr) {
  NestSource src{arr, {}};
  for (const auto& d : dims)
    src.idx.push_back(d.first);
  bound.emplace_back(p, std::move(src));
  inside.insert(p.name);
}

bool KernelNest::usesInside(const NameSet& names) const {
  for (const VName& v : names)
    if (inside.count(v))
      return true;
  return false;
}

bool KernelNest::invariant(const Type& t) const {
  for (const SubExp& d : t.shape)
    if (!invariant(d))
      return false;
  return true;
}

bool KernelNest::invariant(const SubExp& se) const { return !se.isVar() || !inside.count(se.var()); }

Type KernelNest::expand(const Type& t) const {
  Shape shape;
  for (const auto& d : dims)
    shape.push_back(d.second);
  shape.insert(shape.end(), t.shape.begin(), t.shape.end());
  return Type::array(t.elem, std::move(shape));
}

KernelNest KernelNest::renamed(NameSource& names, const NameSet& taken) const {
  KernelNest r = *this;
  std::map<VName, VName> fresh;
  for (auto& d : r.dims)
    if (taken.count(d.first))
      d.first = fresh[d.first] = names.fresh(d.first.name);
  for (auto& b : r.bound)
    for (SubExp& i : b.second.idx)
      if (auto f = i.isVar() ? fresh.find(i.var()) : fresh.end(); f != fresh.end())
        i = SubExp(f->second);
  return r;
}

SegSpace KernelNest::space(NameSource& names) const {
  return SegSpace{names.fresh("flat_tid"), dims};
}

Body kernelBody(const KernelNest& nest, std::vector<Stm> stms, std::vector<SubExp> result,
                const IotaMap& iotas, NameSource& names, const Provenance& prov,
                NameSet* taken) {
  Body body;
  body.stms = std::move(stms);
  body.result = std::move(result);
  NameSet used = freeVars(body);
  std::vector<Stm> reads;
  Substitution fresh;
  for (const auto& [nestParam, src] : nest.bound) {
    if (!used.count(nestParam.name))
      continue;
    Param p = nestParam;
    if (taken && !taken->insert(p.name).second) {
      p.name = names.fresh(p.name.name);
      fresh[nestParam.name] = SubExp(p.name);
      taken->insert(p.name);
    }
    auto iota = iotas.find(src.arr);
    if (iota != iotas.end() && src.idx.size() == 1 && !p.type.isArray())
      bindIotaElement(p, iota->second, src.idx[0], names, prov, reads);
    else
      reads.push_back(bindRow(p, src.arr, src.idx, prov));
  }
  if (!fresh.empty())
    body = substitute(body, fresh);
  body.stms.insert(body.stms.begin(), reads.begin(), reads.end());
  return body;
}

} // namespace fjord::gpu
