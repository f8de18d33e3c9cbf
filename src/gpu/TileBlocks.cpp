// Recognising matrix-product-like SegMaps and marking them tiled (see TileBlocks.h and
// Note [Tiled SegMap] in ir/IR.h).
#include "gpu/TileBlocks.h"

#include "gpu/HostCode.h"
#include "ir/Traverse.h"

#include <map>
#include <optional>
#include <set>

namespace fjord::gpu {

using namespace ir;

namespace {

/// Whether `lam` is scalar code only: parameters and statements of scalars, no SOACs,
/// calls, branches or assertions (the tiled kernel applies it to padding too).
bool scalarOnly(const Lambda& lam) {
  for (const Param& p : lam.params)
    if (p.type.kind != Type::Kind::Prim)
      return false;
  using K = BasicOp::Kind;
  for (const Stm& s : lam.body.stms) {
    const BasicOp* b = std::get_if<BasicOp>(&s.exp);
    if (!b || !(b->kind == K::SubExp || b->kind == K::UnOp || b->kind == K::BinOp ||
                b->kind == K::CmpOp || b->kind == K::Convert || b->kind == K::Call))
      return false;
  }
  return true;
}

/// `row = arr[idx, 0 :+ len * 1]`: the row `idx` of a two-dimensional array.
Stm rowOf(const VName& row, const Type& rowType, const VName& arr, const VName& idx) {
  BasicOp op;
  op.kind = BasicOp::Kind::Index;
  op.arr = arr;
  op.slice.push_back(DimIndex{/*fixed=*/true, idx, {}, {}, {}});
  op.slice.push_back(
      DimIndex{/*fixed=*/false, {}, PrimValue::int64(0), rowType.shape.at(0), PrimValue::int64(1)});
  return Stm{{PatElem{row, rowType, nullptr}}, Exp{op}, {}};
}

/// Which of the two thread indices `b`'s statements depend on, for each array they bind;
/// nullopt when a statement is not a view (a slice or rearrange of an array) or a slice
/// fixes a dimension at anything but a thread index, a constant or a free variable.
std::optional<std::map<VName, std::set<int>>> viewDependencies(const Body& b, size_t count,
                                                               const VName& i, const VName& j) {
  std::map<VName, std::set<int>> deps;
  for (size_t s = 0; s < count; ++s) {
    const Stm& stm = b.stms[s];
    const BasicOp* op = std::get_if<BasicOp>(&stm.exp);
    if (!op || stm.pat.size() != 1 || !stm.pat[0].type.isArray() ||
        (op->kind != BasicOp::Kind::Index && op->kind != BasicOp::Kind::Rearrange))
      return std::nullopt;
    std::set<int> d;
    if (auto it = deps.find(op->arr); it != deps.end())
      d = it->second;
    auto use = [&](const SubExp& e) {
      if (!e.isVar())
        return true;
      if (e.var() == i)
        d.insert(0);
      else if (e.var() == j)
        d.insert(1);
      return !deps.count(e.var());
    };
    for (const DimIndex& di : op->slice)
      if (!(di.fixed ? use(di.index) : use(di.start) && use(di.count) && use(di.stride)))
        return std::nullopt;
    deps[stm.pat[0].name] = d;
  }
  return deps;
}

/// Whether a two-dimensional SegMap has the tiled shape (TileBlocks.h).
bool matrixProductLike(const SegOp& seg) {
  if (seg.kind != SegOp::Kind::Map || seg.space.dims.size() != 2 || !seg.writeDests.empty() ||
      seg.types.size() != 1 || seg.types[0].isArray() || seg.body.stms.empty())
    return false;
  const Stm& last = seg.body.stms.back();
  const Screma* red = asScrema(last.exp);
  if (!red || !red->scans.empty() || red->reds.size() != 1 ||
      red->reds[0].neutral.size() != 1 || red->map.retTypes.size() != 1 ||
      red->inputs.size() != 2 || last.pat.size() != 1 || seg.body.result.size() != 1 ||
      !(seg.body.result[0] == SubExp(last.pat[0].name)) || !scalarOnly(red->map) ||
      !scalarOnly(red->reds[0].op))
    return false;
  auto deps = viewDependencies(seg.body, seg.body.stms.size() - 1, seg.space.dims[0].first,
                               seg.space.dims[1].first);
  if (!deps)
    return false;
  std::set<int> seen;
  for (const VName& in : red->inputs) {
    auto it = deps->find(in);
    if (it == deps->end() || it->second.size() != 1)
      return false;
    seen.insert(*it->second.begin());
  }
  return seen.size() == 2;
}

/// The two-dimensional form of a SegMap over i whose body ends in a map over the rows of
/// an array (each returning one scalar), or nullopt.
std::optional<SegOp> interchangeInnerMap(const SegOp& seg, NameSource& names) {
  if (seg.kind != SegOp::Kind::Map || seg.space.dims.size() != 1 || !seg.writeDests.empty() ||
      seg.types.size() != 1 || seg.types[0].rank() != 1 || seg.body.stms.empty() ||
      seg.body.result.size() != 1)
    return std::nullopt;
  const Stm& last = seg.body.stms.back();
  const Screma* map = asScrema(last.exp);
  if (!map || !map->scans.empty() || !map->reds.empty() || map->inputs.size() != 1 ||
      map->map.params.size() != 1 || map->map.retTypes.size() != 1 ||
      map->map.retTypes[0].isArray() || !map->map.params[0].type.isArray() ||
      last.pat.size() != 1 || !(seg.body.result[0] == SubExp(last.pat[0].name)))
    return std::nullopt;
  SegOp out;
  out.kind = SegOp::Kind::Map;
  out.space = seg.space;
  VName j = names.fresh("gtid");
  out.space.dims.emplace_back(j, map->width);
  out.types = map->map.retTypes;
  out.body.stms.assign(seg.body.stms.begin(), seg.body.stms.end() - 1);
  const Param& row = map->map.params[0];
  out.body.stms.push_back(rowOf(row.name, row.type, map->inputs[0], j));
  out.body.stms.back().prov = last.prov;
  for (const Stm& s : map->map.body.stms)
    out.body.stms.push_back(s);
  out.body.result = map->map.body.result;
  return out;
}

} // namespace

Prog tileBlocks(Prog prog) {
  for (FunDef& f : prog.funs) {
    f.body = rewriteHostCode(f.body, [&](Stm s, std::vector<Stm>& out) {
      Op* op = std::get_if<Op>(&s.exp);
      SegOp* seg = op ? std::get_if<SegOp>(op) : nullptr;
      if (seg) {
        std::optional<SegOp> flat = interchangeInnerMap(*seg, prog.names);
        if (flat && matrixProductLike(*flat))
          *seg = std::move(*flat);
        if (matrixProductLike(*seg))
          seg->tile = SegOp::Tile{kBlockTile, kRegisterTile};
      }
      out.push_back(std::move(s));
    });
  }
  return prog;
}

} // namespace fjord::gpu
