// Names of the scalar operators in IR text, and the table of source operators.
#include "prim/Ops.h"

namespace fjord {

namespace {

const SourceOperator kSourceOperators[] = {
    {"+", false, BinOpKind::Add, CmpOpKind::Eq},    {"-", false, BinOpKind::Sub, CmpOpKind::Eq},
    {"*", false, BinOpKind::Mul, CmpOpKind::Eq},    {"/", false, BinOpKind::Div, CmpOpKind::Eq},
    {"%", false, BinOpKind::Mod, CmpOpKind::Eq},    {"//", false, BinOpKind::Quot, CmpOpKind::Eq},
    {"%%", false, BinOpKind::Rem, CmpOpKind::Eq},   {"**", false, BinOpKind::Pow, CmpOpKind::Eq},
    {"<<", false, BinOpKind::Shl, CmpOpKind::Eq},   {">>", false, BinOpKind::Shr, CmpOpKind::Eq},
    {">>>", false, BinOpKind::LShr, CmpOpKind::Eq}, {"&", false, BinOpKind::And, CmpOpKind::Eq},
    {"|", false, BinOpKind::Or, CmpOpKind::Eq},     {"^", false, BinOpKind::Xor, CmpOpKind::Eq},
    {"&&", false, BinOpKind::LogAnd, CmpOpKind::Eq}, {"||", false, BinOpKind::LogOr, CmpOpKind::Eq},
    {"==", true, BinOpKind::Add, CmpOpKind::Eq},    {"!=", true, BinOpKind::Add, CmpOpKind::Ne},
    {"<", true, BinOpKind::Add, CmpOpKind::Lt},     {"<=", true, BinOpKind::Add, CmpOpKind::Le},
    {">", true, BinOpKind::Add, CmpOpKind::Gt},     {">=", true, BinOpKind::Add, CmpOpKind::Ge},
};

} // namespace

const SourceOperator* findSourceOperator(std::string_view op) {
  for (const SourceOperator& o : kSourceOperators)
    if (op == o.spelling)
      return &o;
  return nullptr;
}

const char* unOpName(UnOpKind k) {
  switch (k) {
  case UnOpKind::Neg:
    return "neg";
  case UnOpKind::Not:
    return "not";
  case UnOpKind::Complement:
    return "complement";
  case UnOpKind::Abs:
    return "abs";
  case UnOpKind::Signum:
    return "signum";
  }
  return "?";
}

const char* binOpName(BinOpKind k) {
  switch (k) {
  case BinOpKind::Add:
    return "add";
  case BinOpKind::Sub:
    return "sub";
  case BinOpKind::Mul:
    return "mul";
  case BinOpKind::Div:
    return "div";
  case BinOpKind::Mod:
    return "mod";
  case BinOpKind::Quot:
    return "quot";
  case BinOpKind::Rem:
    return "rem";
  case BinOpKind::Pow:
    return "pow";
  case BinOpKind::Shl:
    return "shl";
  case BinOpKind::Shr:
    return "shr";
  case BinOpKind::LShr:
    return "lshr";
  case BinOpKind::And:
    return "and";
  case BinOpKind::Or:
    return "or";
  case BinOpKind::Xor:
    return "xor";
  case BinOpKind::LogAnd:
    return "logand";
  case BinOpKind::LogOr:
    return "logor";
  case BinOpKind::Min:
    return "min";
  case BinOpKind::Max:
    return "max";
  }
  return "?";
}

const char* cmpOpName(CmpOpKind k) {
  switch (k) {
  case CmpOpKind::Eq:
    return "eq";
  case CmpOpKind::Ne:
    return "ne";
  case CmpOpKind::Lt:
    return "lt";
  case CmpOpKind::Le:
    return "le";
  case CmpOpKind::Gt:
    return "gt";
  case CmpOpKind::Ge:
    return "ge";
  }
  return "?";
}

} // namespace fjord
