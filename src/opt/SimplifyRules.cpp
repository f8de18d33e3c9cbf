// Rewrite rules for basic ops, as a table (Halide's `rewrite(x + 0, x)`, Futhark's
// `ruleBasicOp`): each rule is a named function that either returns a replacement or nothing.
// Constants fold by the language's scalar semantics (prim/Eval.h).
#include "opt/SimplifyRules.h"

#include "prim/Eval.h"

namespace fjord::opt {

using namespace ir;
using ir::Type;

namespace {

using Result = std::optional<BasicOp>;

bool isConst(const SubExp& se) { return !se.isVar(); }
bool isConstValue(const SubExp& se, double v) {
  if (se.isVar())
    return false;
  const PrimValue& c = se.constant();
  if (c.type == PrimType::Bool)
    return false;
  return isFloat(c.type) ? c.f == v : static_cast<double>(c.i) == v;
}
bool isBool(const SubExp& se, bool b) {
  return !se.isVar() && se.constant().type == PrimType::Bool && (se.constant().i != 0) == b;
}

Result just(const SubExp& se) {
  BasicOp op;
  op.kind = BasicOp::Kind::SubExp;
  op.args = {se};
  return op;
}

bool isBin(const BasicOp& op, BinOpKind k) {
  return op.kind == BasicOp::Kind::BinOp && op.binOp == k;
}

// --- the rules ------------------------------------------------------------------------

/// c1 op c2 -> c
Result foldBin(const BasicOp& op) {
  if (op.kind != BasicOp::Kind::BinOp || !isConst(op.args[0]) || !isConst(op.args[1]))
    return {};
  if (auto v = foldBinOp(op.binOp, op.type, op.args[0].constant(), op.args[1].constant()))
    return just(*v);
  return {};
}

/// c1 cmp c2 -> true/false
Result foldCmp(const BasicOp& op) {
  if (op.kind != BasicOp::Kind::CmpOp || !isConst(op.args[0]) || !isConst(op.args[1]))
    return {};
  if (auto v = foldCmpOp(op.cmpOp, op.type, op.args[0].constant(), op.args[1].constant()))
    return just(*v);
  return {};
}

/// neg c, not c, abs c, ... -> c'
Result foldUn(const BasicOp& op) {
  if (op.kind != BasicOp::Kind::UnOp || !isConst(op.args[0]))
    return {};
  PrimValue x = op.args[0].constant();
  x.type = op.type;
  if (auto v = prim::evalUnOp(op.unOp, x))
    return just(*v);
  return {};
}

/// convert t t x -> x; convert c -> c'
Result foldConvert(const BasicOp& op) {
  if (op.kind != BasicOp::Kind::Convert)
    return {};
  if (op.type == op.toType)
    return just(op.args[0]);
  if (!isConst(op.args[0]))
    return {};
  // Float to integer or bool is left to run time: out of range, compiled code differs.
  if (isFloat(op.type) && !isFloat(op.toType))
    return {};
  PrimValue x = op.args[0].constant();
  x.type = op.type;
  return just(prim::convert(x, op.toType));
}

/// x + 0 -> x; 0 + x -> x; x - 0 -> x (integers; floats only for x - 0 and x + -0)
Result addZero(const BasicOp& op) {
  bool intType = isInteger(op.type);
  if (isBin(op, BinOpKind::Add) && intType) {
    if (isConstValue(op.args[1], 0))
      return just(op.args[0]);
    if (isConstValue(op.args[0], 0))
      return just(op.args[1]);
  }
  if (isBin(op, BinOpKind::Sub) && (intType || isFloat(op.type)) && isConstValue(op.args[1], 0))
    return just(op.args[0]);
  return {};
}

/// x * 1 -> x; 1 * x -> x; x / 1 -> x
Result mulOne(const BasicOp& op) {
  if (isBin(op, BinOpKind::Mul) && op.type != PrimType::Bool) {
    if (isConstValue(op.args[1], 1))
      return just(op.args[0]);
    if (isConstValue(op.args[0], 1))
      return just(op.args[1]);
  }
  if ((isBin(op, BinOpKind::Div) || isBin(op, BinOpKind::Quot)) && op.type != PrimType::Bool &&
      isConstValue(op.args[1], 1))
    return just(op.args[0]);
  return {};
}

/// x * 0 -> 0; 0 * x -> 0 (integers only: 0 * inf is nan)
Result mulZero(const BasicOp& op) {
  if (!isBin(op, BinOpKind::Mul) || !isInteger(op.type))
    return {};
  if (isConstValue(op.args[1], 0))
    return just(op.args[1]);
  if (isConstValue(op.args[0], 0))
    return just(op.args[0]);
  return {};
}

/// true && x -> x; false && x -> false; false || x -> x; true || x -> true
Result logic(const BasicOp& op) {
  bool andOp = isBin(op, BinOpKind::LogAnd) || (isBin(op, BinOpKind::And) && op.type == PrimType::Bool);
  bool orOp = isBin(op, BinOpKind::LogOr) || (isBin(op, BinOpKind::Or) && op.type == PrimType::Bool);
  if (!andOp && !orOp)
    return {};
  for (int i = 0; i < 2; ++i) {
    const SubExp& c = op.args[i];
    const SubExp& other = op.args[1 - i];
    if (isBool(c, andOp))
      return just(other); // identity element
    if (isBool(c, !andOp))
      return just(c); // absorbing element
  }
  if (op.args[0] == op.args[1])
    return just(op.args[0]);
  return {};
}

/// not (not x) is left to CSE; x cmp x -> constant (integers and bool: no nan)
Result cmpSame(const BasicOp& op) {
  if (op.kind != BasicOp::Kind::CmpOp || isFloat(op.type) || !(op.args[0] == op.args[1]))
    return {};
  bool r = op.cmpOp == CmpOpKind::Eq || op.cmpOp == CmpOpKind::Le || op.cmpOp == CmpOpKind::Ge;
  return just(PrimValue::boolean(r));
}

/// min x x -> x; max x x -> x
Result minMaxSame(const BasicOp& op) {
  if ((isBin(op, BinOpKind::Min) || isBin(op, BinOpKind::Max)) && op.args[0] == op.args[1])
    return just(op.args[0]);
  return {};
}

struct Rule {
  const char* name;
  Result (*apply)(const BasicOp&);
};

const Rule kRules[] = {
    {"fold-binop", foldBin},      {"fold-cmpop", foldCmp}, {"fold-unop", foldUn},
    {"fold-convert", foldConvert}, {"add-zero", addZero},   {"mul-one", mulOne},
    {"mul-zero", mulZero},        {"logic-const", logic},  {"cmp-same", cmpSame},
    {"minmax-same", minMaxSame},
};

} // namespace

std::optional<PrimValue> foldBinOp(BinOpKind k, PrimType t, PrimValue x, PrimValue y) {
  x.type = y.type = t;
  return prim::evalBinOp(k, x, y).value; // nullopt: a run-time error, not ours to fold
}

std::optional<PrimValue> foldCmpOp(CmpOpKind k, PrimType t, PrimValue x, PrimValue y) {
  x.type = y.type = t;
  return prim::evalCmpOp(k, x, y);
}

/// (iota.i64 n, a, 1)[i]: a + i (a range's element in a `for x in a..<b` loop, which would
/// otherwise be read back from the device on every iteration).
std::optional<BasicOp> indexIota(const BasicOp& op, const DefinitionOf& def) {
  if (op.kind != BasicOp::Kind::Index || op.slice.size() != 1 || !op.slice[0].fixed)
    return {};
  const BasicOp* iota = def(op.arr);
  if (!iota || iota->kind != BasicOp::Kind::Iota || iota->type != PrimType::I64 ||
      !isConstValue(iota->args[2], 1))
    return {};
  if (isConstValue(iota->args[1], 0))
    return just(op.slice[0].index);
  BasicOp add;
  add.kind = BasicOp::Kind::BinOp;
  add.binOp = BinOpKind::Add;
  add.type = PrimType::I64;
  add.args = {iota->args[1], op.slice[0].index};
  return add;
}

std::optional<BasicOp> rewriteThroughDefinitions(const BasicOp& op, const DefinitionOf& def) {
  if (auto r = indexIota(op, def))
    return r;
  // (convert.bool.t b) ==/!= c, c in {0, 1}, either operand order: b or not b.
  if (op.kind != BasicOp::Kind::CmpOp || !isInteger(op.type) ||
      (op.cmpOp != CmpOpKind::Eq && op.cmpOp != CmpOpKind::Ne))
    return {};
  for (int side = 0; side < 2; ++side) {
    const SubExp& v = op.args[side];
    const SubExp& c = op.args[1 - side];
    if (!v.isVar() || c.isVar() || (c.constant().i != 0 && c.constant().i != 1))
      continue;
    const BasicOp* conv = def(v.var());
    if (!conv || conv->kind != BasicOp::Kind::Convert || conv->type != PrimType::Bool ||
        conv->toType != op.type)
      continue;
    // b == 1 and b != 0 keep b; b == 0 and b != 1 negate it.
    bool keep = (op.cmpOp == CmpOpKind::Eq) == (c.constant().i == 1);
    if (keep)
      return just(conv->args[0]);
    BasicOp n;
    n.kind = BasicOp::Kind::UnOp;
    n.unOp = UnOpKind::Not;
    n.type = PrimType::Bool;
    n.args = {conv->args[0]};
    return n;
  }
  return {};
}

std::optional<BasicOp> rewriteBasicOp(const BasicOp& op) {
  for (const Rule& r : kRules)
    if (Result res = r.apply(op))
      return res;
  return std::nullopt;
}

} // namespace fjord::opt
