// Facts about sizes for memory introduction's proofs (see SizeFacts.h).
#include "mem/SizeFacts.h"

#include <variant>

namespace fjord::mem {

void SizeFacts::record(const ir::Stm& stm, const SizeDefs& defs) {
  const auto* op = std::get_if<ir::BasicOp>(&stm.exp);
  if (!op)
    return;
  if (op->kind == ir::BasicOp::Kind::CmpOp && op->cmpOp == ir::CmpOpKind::Eq &&
      op->type == PrimType::I64 && stm.pat.size() == 1) {
    equalities_[stm.pat[0].name] = {defs.expr(op->args.at(0)), defs.expr(op->args.at(1))};
    return;
  }
  if (op->kind != ir::BasicOp::Kind::Assert || !op->args.at(0).isVar())
    return;
  auto it = equalities_.find(op->args[0].var());
  if (it != equalities_.end())
    facts_.assumeEqual(it->second.first, it->second.second);
}

void SizeFacts::sizesOf(const ir::Type& type, const SizeDefs& defs) {
  for (const ir::SubExp& d : type.shape)
    if (d.isVar())
      facts_.assumeNonNegative(defs.expr(d));
}

} // namespace fjord::mem
