// Fusing a map into the scatter that produces its input (Note [Map after scatter]).
#include "opt/FuseScatter.h"

#include "opt/FuseWiring.h"

#include "ir/Traverse.h"

#include <algorithm>

namespace fjord::opt::detail {

using namespace ir;
using ir::Type;

namespace {

/// Whether `e` is a scalar operation that is cheap and well defined on any operands.
bool safeOnAnyValue(const Exp& e) {
  auto* op = std::get_if<BasicOp>(&e);
  if (!op)
    return false;
  switch (op->kind) {
  case BasicOp::Kind::SubExp:
  case BasicOp::Kind::UnOp:
  case BasicOp::Kind::CmpOp:
  case BasicOp::Kind::Convert:
  case BasicOp::Kind::Call:
    return true;
  case BasicOp::Kind::BinOp:
    if (isFloat(op->type))
      return true;
    switch (op->binOp) {
    case BinOpKind::Div:
    case BinOpKind::Mod:
    case BinOpKind::Quot:
    case BinOpKind::Rem:
    case BinOpKind::Pow:
    case BinOpKind::Shl:
    case BinOpKind::Shr:
    case BinOpKind::LShr:
      return false;
    default:
      return true;
    }
  default:
    return false;
  }
}

/// The scalar that `arr` was filled with by `replicate [m] v` among `stms`, with m.
std::optional<std::pair<SubExp, SubExp>> replicated(const VName& arr, const std::vector<Stm>& stms) {
  for (const Stm& s : stms) {
    if (s.pat.size() != 1 || !(s.pat[0].name == arr))
      continue;
    auto* op = std::get_if<BasicOp>(&s.exp);
    if (!op || op->kind != BasicOp::Kind::Replicate || op->shape.size() != 1 || op->args.size() != 1)
      return std::nullopt;
    if (op->args[0].isVar() && s.pat[0].type.rank() != 1)
      return std::nullopt; // a replicated row, not a scalar
    return std::make_pair(op->args[0], op->shape[0]);
  }
  return std::nullopt;
}

} // namespace

std::optional<std::vector<Stm>> fuseMapIntoScatter(const Stm& ps, const Stm& cs,
                                                  const std::vector<Stm>& before,
                                                  NameSource& names) {
  const Scatter& s = std::get<Scatter>(std::get<Soac>(std::get<Op>(ps.exp)));
  const Screma& c = std::get<Screma>(std::get<Soac>(std::get<Op>(cs.exp)));
  if (!c.scans.empty() || !c.reds.empty() || c.inputs.empty())
    return std::nullopt;
  size_t k = s.dests.size();
  const std::vector<SubExp>& sRes = s.fn.body.result;
  // Which scatter result each map input is; all must be written at the same index.
  std::vector<size_t> which;
  std::vector<SubExp> fill;
  for (const VName& in : c.inputs) {
    auto it = std::find_if(ps.pat.begin(), ps.pat.end(), [&](const PatElem& pe) { return pe.name == in; });
    if (it == ps.pat.end())
      return std::nullopt;
    size_t w = static_cast<size_t>(it - ps.pat.begin());
    if (!(sRes.at(w) == sRes.at(which.empty() ? w : which[0])) || it->type.rank() != 1)
      return std::nullopt;
    auto rep = replicated(s.dests.at(w), before);
    if (!rep || !(rep->second == c.width))
      return std::nullopt;
    which.push_back(w);
    fill.push_back(rep->first);
  }
  for (const Stm& st : c.map.body.stms)
    if (!safeOnAnyValue(st.exp))
      return std::nullopt;
  for (const Type& t : c.map.retTypes)
    if (t.isArray())
      return std::nullopt;

  std::vector<Stm> out;
  // g applied to the fill values, once (renamed: the map's body also goes into the scatter).
  Substitution atFill;
  for (size_t j = 0; j < which.size(); ++j)
    atFill[c.map.params[j].name] = fill[j];
  Body g0 = renameBody(substitute(c.map.body, atFill), names);
  out.insert(out.end(), g0.stms.begin(), g0.stms.end());

  Scatter f;
  f.width = s.width;
  f.inputs = s.inputs;
  f.fn.params = s.fn.params;
  for (size_t o = 0; o < cs.pat.size(); ++o) {
    BasicOp rep;
    rep.kind = BasicOp::Kind::Replicate;
    rep.shape = {c.width};
    rep.args = {g0.result[o]};
    PatElem dest{names.fresh(cs.pat[o].name.name), Type::array(c.map.retTypes[o].elem, {c.width}), nullptr};
    out.push_back(Stm{{dest}, rep, ps.prov});
    f.dests.push_back(dest.name);
  }
  Substitution atWritten;
  for (size_t j = 0; j < which.size(); ++j)
    atWritten[c.map.params[j].name] = sRes.at(k + which[j]);
  Body g = substitute(c.map.body, atWritten);
  f.fn.body.stms = s.fn.body.stms;
  f.fn.body.stms.insert(f.fn.body.stms.end(), g.stms.begin(), g.stms.end());
  for (size_t o = 0; o < cs.pat.size(); ++o) {
    f.fn.body.result.push_back(sRes.at(which[0]));
    f.fn.retTypes.push_back(Type::prim(PrimType::I64));
  }
  for (size_t o = 0; o < cs.pat.size(); ++o) {
    f.fn.body.result.push_back(g.result[o]);
    f.fn.retTypes.push_back(c.map.retTypes[o]);
  }
  Stm fused{cs.pat, Op{Soac{std::move(f)}}, fusedProvenance(ps, cs)};
  out.push_back(std::move(fused));
  return out;
}

} // namespace fjord::opt::detail
