// Out-of-line members of the core IR nodes (ir/IR.h): textual forms of constants, operands
// and types, and the names of the scalar operators. The printer (ir/Print) builds on these.
#include "ir/IR.h"

#include "support/Diagnostics.h"

#include <charconv>
#include <cmath>

namespace fjord::ir {

namespace {

/// The shortest text that reads back as the same float (or double).
std::string floatText(double v, PrimType t) {
  const char* suffix = primName(t);
  if (std::isnan(v))
    return std::string(suffix) + ".nan";
  if (std::isinf(v))
    return (v < 0 ? "-" : "") + std::string(suffix) + ".inf";
  char buf[64];
  std::to_chars_result r;
  if (t == PrimType::F32 || t == PrimType::F16)
    r = std::to_chars(buf, buf + sizeof buf, static_cast<float>(v));
  else
    r = std::to_chars(buf, buf + sizeof buf, v);
  std::string s(buf, r.ptr);
  // Keep a decimal point or exponent so the text reads as a float even without a suffix.
  if (s.find_first_of(".eE") == std::string::npos)
    s += ".0";
  return s + suffix;
}

/// The value of an integer constant of type `t`, truncated to its width.
std::string intText(int64_t bits, PrimType t) {
  int width = primBytes(t) * 8;
  if (isUnsigned(t)) {
    uint64_t u = static_cast<uint64_t>(bits);
    if (width < 64)
      u &= (uint64_t{1} << width) - 1;
    return std::to_string(u) + primName(t);
  }
  int64_t v = bits;
  if (width < 64) {
    uint64_t mask = (uint64_t{1} << width) - 1;
    uint64_t u = static_cast<uint64_t>(bits) & mask;
    if (u & (uint64_t{1} << (width - 1)))
      u |= ~mask; // sign-extend
    v = static_cast<int64_t>(u);
  }
  return std::to_string(v) + primName(t);
}

} // namespace

std::string PrimValue::str() const {
  if (type == PrimType::Bool)
    return i ? "true" : "false";
  if (isFloat(type))
    return floatText(f, type);
  return intText(i, type);
}

std::string SubExp::str() const {
  if (isVar())
    return var().str();
  return constant().str();
}

Type Type::rowType() const {
  FJORD_CHECK(kind == Kind::Array && !shape.empty(), "rowType of a non-array type " + str());
  if (shape.size() == 1)
    return Type::prim(elem);
  return Type::array(elem, Shape(shape.begin() + 1, shape.end()), unique);
}

std::string Type::str() const {
  switch (kind) {
  case Kind::Prim:
    return primName(elem);
  case Kind::Mem:
    switch (space) {
    case MemSpace::Host:
      return "mem@host";
    case MemSpace::Device:
      return "mem@device";
    case MemSpace::Shared:
      return "mem@shared";
    }
    return "mem";
  case Kind::Array: {
    std::string s = unique ? "*" : "";
    for (const SubExp& d : shape)
      s += "[" + d.str() + "]";
    return s + primName(elem);
  }
  }
  return "?";
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

} // namespace fjord::ir
