// Commutativity analysis of reduction operators (see Commutativity.h).
#include "opt/Commutativity.h"

#include "ir/Traverse.h"
#include "ir/TypeOf.h"

#include <map>

namespace fjord::opt {

using namespace ir;

namespace {

bool commutativeBinOp(BinOpKind k, PrimType t) {
  switch (k) {
  case BinOpKind::Add:
  case BinOpKind::Mul:
  case BinOpKind::Min:
  case BinOpKind::Max:
    return isInteger(t) || isFloat(t);
  case BinOpKind::And:
  case BinOpKind::Or:
  case BinOpKind::Xor:
    return isInteger(t) || t == PrimType::Bool;
  case BinOpKind::LogAnd:
  case BinOpKind::LogOr:
    return t == PrimType::Bool;
  default:
    return false;
  }
}

/// Whether `op` combines its two operands commutatively.
bool commutativeOp(const BasicOp& op) {
  if (op.kind == BasicOp::Kind::BinOp)
    return commutativeBinOp(op.binOp, op.type);
  if (op.kind == BasicOp::Kind::CmpOp)
    return op.cmpOp == CmpOpKind::Eq && op.type == PrimType::Bool;
  return false;
}

bool isVarNamed(const SubExp& se, const VName& v) { return se.isVar() && se.var() == v; }

class MarkCommutative : public Mutator {
public:
  RedOp redOp(const RedOp& r) override {
    RedOp out = Mutator::redOp(r);
    out.commutative = out.commutative || provablyCommutative(out);
    return out;
  }
};

} // namespace

bool provablyCommutative(const RedOp& r) {
  size_t k = r.neutral.size();
  const Lambda& l = r.op;
  if (k == 0 || l.params.size() != 2 * k || l.body.result.size() != k)
    return false;
  std::map<VName, const BasicOp*> defs;
  for (const Stm& s : l.body.stms) {
    if (mayFail(s.exp))
      return false;
    if (auto* op = std::get_if<BasicOp>(&s.exp); op && s.pat.size() == 1)
      defs[s.pat[0].name] = op;
  }
  for (size_t i = 0; i < k; ++i) {
    const SubExp& res = l.body.result[i];
    if (!res.isVar())
      return false;
    auto it = defs.find(res.var());
    if (it == defs.end() || !commutativeOp(*it->second))
      return false;
    const std::vector<SubExp>& a = it->second->args;
    const VName& x = l.params[i].name;
    const VName& y = l.params[k + i].name;
    bool paired = (isVarNamed(a[0], x) && isVarNamed(a[1], y)) ||
                  (isVarNamed(a[0], y) && isVarNamed(a[1], x));
    if (!paired)
      return false;
  }
  return true;
}

Prog markCommutative(Prog prog) {
  MarkCommutative m;
  for (FunDef& f : prog.funs)
    f = m.funDef(f);
  return prog;
}

} // namespace fjord::opt
