// Recognising elementwise operators over arrays (see ElementwiseOperator.h).
#include "gpu/ElementwiseOperator.h"

#include "ir/Traverse.h"

#include <map>

namespace fjord::gpu {

using namespace ir;
using ir::Type; // not fjord::Type (source-language types)

std::optional<ElementwiseOp> elementwiseOperator(const Lambda& op, NameSource& names) {
  size_t k = op.retTypes.size();
  if (k == 0 || op.params.size() != 2 * k || op.body.stms.empty())
    return std::nullopt;
  // Every parameter is an array of the same outer size.
  SubExp width;
  for (size_t j = 0; j < op.params.size(); ++j) {
    const Type& t = op.params[j].type;
    if (!t.isArray())
      return std::nullopt;
    if (j == 0)
      width = t.shape[0];
    else if (!(t.shape[0] == width))
      return std::nullopt;
  }
  for (const Type& t : op.retTypes)
    if (!t.isArray() || !(t.shape[0] == width))
      return std::nullopt;

  ElementwiseOp out;
  out.width = width;
  std::map<VName, VName> rowOf; // operator parameter -> its row in the scalar operator
  for (const Param& p : op.params) {
    Param row{names.fresh(p.name.name), p.type.rowType(), nullptr};
    rowOf[p.name] = row.name;
    out.scalar.params.push_back(row);
  }
  // Names the inner lambdas must not mention: the parameters and the body's bindings.
  NameSet forbidden;
  for (const Param& p : op.params)
    forbidden.insert(p.name);
  std::map<VName, SubExp> elementOf; // a Screma result -> its per-position value
  for (const Stm& stm : op.body.stms) {
    const Op* o = std::get_if<Op>(&stm.exp);
    const Soac* soac = o ? std::get_if<Soac>(o) : nullptr;
    const Screma* s = soac ? std::get_if<Screma>(soac) : nullptr;
    if (!s || !s->scans.empty() || !s->reds.empty() || !(s->width == width) ||
        s->map.params.size() != s->inputs.size() || stm.pat.size() != s->map.body.result.size())
      return std::nullopt;
    Substitution subst;
    for (size_t q = 0; q < s->inputs.size(); ++q) {
      auto it = rowOf.find(s->inputs[q]);
      if (it == rowOf.end())
        return std::nullopt;
      subst[s->map.params[q].name] = it->second;
    }
    for (const VName& v : freeVars(s->map))
      if (forbidden.count(v))
        return std::nullopt;
    Body inner = substitute(s->map.body, subst);
    out.scalar.body.stms.insert(out.scalar.body.stms.end(), inner.stms.begin(), inner.stms.end());
    for (size_t q = 0; q < stm.pat.size(); ++q) {
      forbidden.insert(stm.pat[q].name);
      elementOf[stm.pat[q].name] = inner.result[q];
    }
  }
  for (size_t j = 0; j < k; ++j) {
    const SubExp& r = op.body.result[j];
    auto it = r.isVar() ? elementOf.find(r.var()) : elementOf.end();
    if (it == elementOf.end())
      return std::nullopt;
    out.scalar.body.result.push_back(it->second);
    out.scalar.retTypes.push_back(op.retTypes[j].rowType());
  }
  // The inner lambdas' own names are still used by the original operator.
  out.scalar = renameLambda(out.scalar, names);
  return out;
}

} // namespace fjord::gpu
