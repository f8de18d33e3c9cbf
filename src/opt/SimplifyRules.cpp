// Rewrite rules for basic ops, as a table (Halide's `rewrite(x + 0, x)`, Futhark's
// `ruleBasicOp`): each rule is a named function that either returns a replacement or nothing.
#include "opt/SimplifyRules.h"

#include "support/Half.h"

#include <cmath>
#include <limits>

namespace fjord::opt {

using namespace ir;
using ir::Type;

namespace {

using Result = std::optional<BasicOp>;

/// Wraps a 64-bit result to the width of `t` (sign-extending signed types).
int64_t wrap(int64_t v, PrimType t) {
  int width = primBytes(t) * 8;
  if (width >= 64)
    return v;
  uint64_t mask = (uint64_t{1} << width) - 1;
  uint64_t u = static_cast<uint64_t>(v) & mask;
  if (isSigned(t) && (u & (uint64_t{1} << (width - 1))))
    u |= ~mask;
  return static_cast<int64_t>(u);
}

PrimValue intValue(PrimType t, int64_t v) { return PrimValue::integer(t, wrap(v, t)); }
PrimValue floatValue(PrimType t, double v) {
  if (t == PrimType::F16) // folded as the interpreter and compiled code compute it
    return PrimValue::floating(t, roundToHalf(v));
  return PrimValue::floating(t, t == PrimType::F64 ? v : static_cast<double>(static_cast<float>(v)));
}

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
  const PrimValue& x = op.args[0].constant();
  PrimType t = op.type;
  switch (op.unOp) {
  case UnOpKind::Neg:
    if (isFloat(t))
      return just(floatValue(t, -x.f));
    if (isInteger(t))
      return just(intValue(t, static_cast<int64_t>(0ull - static_cast<uint64_t>(x.i))));
    return {};
  case UnOpKind::Not:
    if (t == PrimType::Bool)
      return just(PrimValue::boolean(x.i == 0));
    return {};
  case UnOpKind::Complement:
    if (isInteger(t))
      return just(intValue(t, ~x.i));
    return {};
  case UnOpKind::Abs:
    if (isFloat(t))
      return just(floatValue(t, std::fabs(x.f)));
    if (isSigned(t))
      return just(intValue(t, x.i < 0 ? -x.i : x.i));
    if (isUnsigned(t))
      return just(x);
    return {};
  case UnOpKind::Signum:
    if (isFloat(t))
      return just(floatValue(t, x.f > 0 ? 1.0 : x.f < 0 ? -1.0 : 0.0));
    if (isInteger(t))
      return just(intValue(t, isUnsigned(t) ? (x.i != 0) : (x.i > 0) - (x.i < 0)));
    return {};
  }
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
  const PrimValue& x = op.args[0].constant();
  PrimType to = op.toType;
  if (isFloat(op.type) && isFloat(to))
    return just(floatValue(to, x.f));
  if (isInteger(op.type) && isFloat(to)) {
    double v = isUnsigned(op.type) ? static_cast<double>(static_cast<uint64_t>(wrap(x.i, op.type)) &
                                                          (primBytes(op.type) == 8
                                                               ? ~uint64_t{0}
                                                               : (uint64_t{1} << (primBytes(op.type) * 8)) - 1))
                                   : static_cast<double>(x.i);
    return just(floatValue(to, v));
  }
  if (isInteger(op.type) && isInteger(to)) {
    int64_t v = x.i;
    if (isUnsigned(op.type) && primBytes(op.type) < 8)
      v &= (int64_t{1} << (primBytes(op.type) * 8)) - 1;
    return just(intValue(to, v));
  }
  if (op.type == PrimType::Bool && isInteger(to))
    return just(intValue(to, x.i != 0));
  if (isInteger(op.type) && to == PrimType::Bool)
    return just(PrimValue::boolean(x.i != 0));
  return {}; // float -> int: leave to run time (out-of-range behaviour)
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

int64_t floorDiv(int64_t x, int64_t y) {
  int64_t q = x / y;
  if ((x % y != 0) && ((x < 0) != (y < 0)))
    --q;
  return q;
}
int64_t floorMod(int64_t x, int64_t y) { return x - floorDiv(x, y) * y; }

} // namespace

std::optional<PrimValue> foldBinOp(BinOpKind k, PrimType t, const PrimValue& x,
                                   const PrimValue& y) {
  if (isFloat(t)) {
    double a = x.f, b = y.f;
    switch (k) {
    case BinOpKind::Add:
      return floatValue(t, a + b);
    case BinOpKind::Sub:
      return floatValue(t, a - b);
    case BinOpKind::Mul:
      return floatValue(t, a * b);
    case BinOpKind::Div:
      return floatValue(t, a / b);
    case BinOpKind::Pow:
      return floatValue(t, std::pow(a, b));
    case BinOpKind::Min:
      return floatValue(t, std::fmin(a, b));
    case BinOpKind::Max:
      return floatValue(t, std::fmax(a, b));
    default:
      return std::nullopt;
    }
  }
  if (t == PrimType::Bool) {
    bool a = x.i != 0, b = y.i != 0;
    switch (k) {
    case BinOpKind::LogAnd:
    case BinOpKind::And:
      return PrimValue::boolean(a && b);
    case BinOpKind::LogOr:
    case BinOpKind::Or:
      return PrimValue::boolean(a || b);
    case BinOpKind::Xor:
      return PrimValue::boolean(a != b);
    default:
      return std::nullopt;
    }
  }
  if (!isInteger(t))
    return std::nullopt;
  // Integers: operate on the wrapped values; unsigned types compare and divide unsigned.
  int width = primBytes(t) * 8;
  int64_t a = wrap(x.i, t), b = wrap(y.i, t);
  uint64_t ua = static_cast<uint64_t>(a), ub = static_cast<uint64_t>(b);
  if (isUnsigned(t) && width < 64) {
    ua &= (uint64_t{1} << width) - 1;
    ub &= (uint64_t{1} << width) - 1;
  }
  bool uns = isUnsigned(t);
  switch (k) {
  case BinOpKind::Add:
    return intValue(t, static_cast<int64_t>(ua + ub));
  case BinOpKind::Sub:
    return intValue(t, static_cast<int64_t>(ua - ub));
  case BinOpKind::Mul:
    return intValue(t, static_cast<int64_t>(ua * ub));
  case BinOpKind::Div:
  case BinOpKind::Mod:
  case BinOpKind::Quot:
  case BinOpKind::Rem: {
    if (b == 0)
      return std::nullopt; // a run-time error, not ours to fold
    if (uns) {
      bool div = k == BinOpKind::Div || k == BinOpKind::Quot;
      return intValue(t, static_cast<int64_t>(div ? ua / ub : ua % ub));
    }
    if (a == std::numeric_limits<int64_t>::min() && b == -1)
      return std::nullopt;
    switch (k) {
    case BinOpKind::Div:
      return intValue(t, floorDiv(a, b));
    case BinOpKind::Mod:
      return intValue(t, floorMod(a, b));
    case BinOpKind::Quot:
      return intValue(t, a / b);
    default:
      return intValue(t, a % b);
    }
  }
  case BinOpKind::Pow: {
    if (!uns && b < 0)
      return std::nullopt;
    uint64_t r = 1;
    for (uint64_t i = 0; i < ub && i < 128; ++i)
      r *= ua;
    return ub < 128 ? std::optional(intValue(t, static_cast<int64_t>(r))) : std::nullopt;
  }
  case BinOpKind::Shl:
    return ub < static_cast<uint64_t>(width) ? std::optional(intValue(t, static_cast<int64_t>(ua << ub)))
                                             : std::nullopt;
  case BinOpKind::Shr:
    if (ub >= static_cast<uint64_t>(width))
      return std::nullopt;
    return uns ? intValue(t, static_cast<int64_t>(ua >> ub)) : intValue(t, a >> ub);
  case BinOpKind::LShr:
    return ub < static_cast<uint64_t>(width) ? std::optional(intValue(t, static_cast<int64_t>(ua >> ub)))
                                             : std::nullopt;
  case BinOpKind::And:
    return intValue(t, a & b);
  case BinOpKind::Or:
    return intValue(t, a | b);
  case BinOpKind::Xor:
    return intValue(t, a ^ b);
  case BinOpKind::Min:
    return uns ? intValue(t, static_cast<int64_t>(std::min(ua, ub))) : intValue(t, std::min(a, b));
  case BinOpKind::Max:
    return uns ? intValue(t, static_cast<int64_t>(std::max(ua, ub))) : intValue(t, std::max(a, b));
  case BinOpKind::LogAnd:
  case BinOpKind::LogOr:
    return std::nullopt;
  }
  return std::nullopt;
}

std::optional<PrimValue> foldCmpOp(CmpOpKind k, PrimType t, const PrimValue& x,
                                   const PrimValue& y) {
  int c; // -1, 0, 1; nan compares false everywhere except Ne
  if (isFloat(t)) {
    if (std::isnan(x.f) || std::isnan(y.f))
      return PrimValue::boolean(k == CmpOpKind::Ne);
    c = x.f < y.f ? -1 : x.f > y.f ? 1 : 0;
  } else if (isUnsigned(t)) {
    uint64_t mask = primBytes(t) == 8 ? ~uint64_t{0} : (uint64_t{1} << (primBytes(t) * 8)) - 1;
    uint64_t a = static_cast<uint64_t>(x.i) & mask, b = static_cast<uint64_t>(y.i) & mask;
    c = a < b ? -1 : a > b ? 1 : 0;
  } else {
    int64_t a = wrap(x.i, t), b = wrap(y.i, t);
    c = a < b ? -1 : a > b ? 1 : 0;
  }
  switch (k) {
  case CmpOpKind::Eq:
    return PrimValue::boolean(c == 0);
  case CmpOpKind::Ne:
    return PrimValue::boolean(c != 0);
  case CmpOpKind::Lt:
    return PrimValue::boolean(c < 0);
  case CmpOpKind::Le:
    return PrimValue::boolean(c <= 0);
  case CmpOpKind::Gt:
    return PrimValue::boolean(c > 0);
  case CmpOpKind::Ge:
    return PrimValue::boolean(c >= 0);
  }
  return std::nullopt;
}

std::optional<BasicOp> rewriteThroughDefinitions(const BasicOp& op, const DefinitionOf& def) {
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
