// Pieces shared by the SegRed and SegScan lowerings (see the header).
#include "imp/SegCombine.h"

#include <variant>

namespace fjord::imp::detail {

namespace {

const char* opSymbol(BinOpKind k) {
  switch (k) {
  case BinOpKind::Add:
    return "+";
  case BinOpKind::Mul:
    return "*";
  case BinOpKind::Min:
    return "min";
  case BinOpKind::Max:
    return "max";
  case BinOpKind::And:
    return "&";
  case BinOpKind::Or:
    return "|";
  case BinOpKind::Xor:
    return "^";
  case BinOpKind::LogAnd:
    return "&&";
  case BinOpKind::LogOr:
    return "||";
  default:
    return binOpName(k);
  }
}

} // namespace

std::string describeOps(const std::vector<ir::RedOp>& ops) {
  std::string s;
  for (const ir::RedOp& op : ops) {
    if (!s.empty())
      s += " and ";
    const auto& stms = op.op.body.stms;
    const ir::BasicOp* b =
        stms.size() == 1 ? std::get_if<ir::BasicOp>(&stms[0].exp) : nullptr;
    if (b && b->kind == ir::BasicOp::Kind::BinOp)
      s += std::string("(") + opSymbol(b->binOp) + ")";
    else
      s += "a user-defined operator";
  }
  return s;
}

std::string describeInputs(const ir::Body& body) {
  std::string s;
  for (const ir::Stm& stm : body.stms)
    if (const auto* b = std::get_if<ir::BasicOp>(&stm.exp))
      if (b->kind == ir::BasicOp::Kind::Index &&
          s.find(b->arr.name) == std::string::npos)
        s += (s.empty() ? "" : ", ") + b->arr.name;
  return s.empty() ? "" : " over " + s;
}

bool allCommutative(const ir::SegOp& seg) {
  for (const ir::RedOp& op : seg.ops)
    if (!op.commutative)
      return false;
  return true;
}

std::vector<Operand> operandsOf(const ir::Stm& stm, const ir::SegOp& seg) {
  std::vector<Operand> ops;
  size_t j = 0;
  for (const ir::RedOp& op : seg.ops)
    for (size_t q = 0; q < op.neutral.size(); ++q, ++j)
      ops.push_back(Operand{stm.pat.at(j).type.elem, stm.pat.at(j).name.name, &op, q});
  return ops;
}

std::vector<ExpRef> declareAccs(Lowerer& L, const std::vector<Operand>& operands,
                                const std::string& suffix, Block& out) {
  std::vector<ExpRef> accs;
  for (const Operand& o : operands) {
    std::string c = L.freshName(o.name + suffix);
    out.push_back(declare(c, o.type, L.subExp(o.op->neutral.at(o.indexInOp))));
    accs.push_back(var(c, o.type));
  }
  return accs;
}

std::vector<ExpRef> applySegOperator(Lowerer& L, const ir::Lambda& op, size_t firstPat,
                                     const std::vector<ExpRef>& args, Block& out) {
  auto* k = dynamic_cast<KernelLowerer*>(&L);
  if (!k || firstPat >= k->stm().pat.size())
    return L.applyLambda(op, args, out);
  return k->applyOperator(op, k->stm().pat[firstPat].name.name, args, out);
}

std::vector<ExpRef> combine(Lowerer& L, const ir::SegOp& seg, const std::vector<ExpRef>& xs,
                            const std::vector<ExpRef>& ys, Block& out) {
  std::vector<ExpRef> res;
  size_t j = 0;
  for (const ir::RedOp& op : seg.ops) {
    size_t n = op.neutral.size();
    std::vector<ExpRef> args(xs.begin() + j, xs.begin() + j + n);
    args.insert(args.end(), ys.begin() + j, ys.begin() + j + n);
    std::vector<ExpRef> next = applySegOperator(L, op.op, j, args, out);
    res.insert(res.end(), next.begin(), next.begin() + n);
    j += n;
  }
  return res;
}

void fold(Lowerer& L, const ir::SegOp& seg, const std::vector<ExpRef>& accs,
          const std::vector<ExpRef>& xs, Block& out) {
  std::vector<ExpRef> next = combine(L, seg, accs, xs, out);
  for (size_t j = 0; j < accs.size(); ++j)
    out.push_back(assign(accs[j]->name, next.at(j)));
}

Chunk threadChunk(KernelLowerer& k, ExpRef blk, ExpRef tid, ExpRef perThread, ExpRef n,
                  Block& out) {
  ExpRef start = k.let("start", mul(add(mul(blk, blockSize()), tid), perThread), out);
  ExpRef end = k.let("end", minE(add(start, perThread), n), out);
  return Chunk{start, end};
}

std::vector<std::string> sharedArrays(KernelLowerer& k, const std::vector<Operand>& operands,
                                      Block& decls) {
  std::vector<std::string> sh;
  for (const Operand& o : operands) {
    sh.push_back(k.freshName(o.name + "_shared"));
    decls.push_back(sharedArray(sh.back(), o.type, kMaxBlockSize));
  }
  return sh;
}

} // namespace fjord::imp::detail
