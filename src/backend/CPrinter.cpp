// The C-like printer (see CPrinter.h): expressions with minimal, warning-free parentheses,
// literals at their exact type where C's conversions would change them, and the statements
// that host and kernel code share.
#include "backend/CPrinter.h"

#include "backend/Half.h"
#include "backend/NarrowCounters.h"
#include "ir/TypeOf.h"
#include "support/Half.h"

#include <cassert>
#include <charconv>
#include <cmath>
#include <cstdint>
#include <stdexcept>

namespace fjord::backend {
using imp::Exp;
using imp::Stm;

namespace {

/// Operator groups, for the -Wparentheses rules of `operand`.
enum Group { Primary, Unary, Mul, Add, Shift, Rel, Eq, BitAnd, BitXor, BitOr, LogAnd, LogOr, Cond };

int precOf(Group g) {
  static const int prec[] = {16, 15, 13, 12, 11, 10, 9, 8, 7, 6, 5, 4, 3};
  return prec[g];
}

bool isNarrowInt(PrimType t) { return isInteger(t) && primBytes(t) < 4; }


/// The values of signed integer type `t`.
Interval intRange(PrimType t) {
  int bits = 8 * primBytes(t);
  if (bits == 64)
    return {INT64_MIN, INT64_MAX};
  return {-(int64_t{1} << (bits - 1)), (int64_t{1} << (bits - 1)) - 1};
}

/// The value of an integer constant, sign- or zero-extended from its width.
int64_t signedValue(const imp::PrimValue& v) { return v.asInt(); }

template <class T> std::string shortest(T v) {
  char buf[64];
  auto r = std::to_chars(buf, buf + sizeof buf, v);
  std::string s(buf, r.ptr);
  if (s.find_first_of(".e") == std::string::npos)
    s += ".0";
  return s;
}

bool isFloatMath(const std::string& name) {
  static const std::set<std::string> names = {
      "sqrt",  "exp",   "exp2",  "expm1", "log",   "log2",  "log10", "log1p", "sin",
      "cos",   "tan",   "asin",  "acos",  "atan",  "atan2", "sinh",  "cosh",  "tanh",
      "asinh", "acosh", "atanh", "pow",   "floor", "ceil",  "round", "trunc", "fabs",
      "fma",   "hypot", "cbrt",  "erf",   "erfc",  "lgamma", "tgamma", "fmin", "fmax",
      "fmod",  "copysign", "nextafter", "rint"};
  return names.count(name) != 0;
}

} // namespace

PrimType unsignedOf(PrimType t) {
  switch (primBytes(t)) {
  case 1: return PrimType::U8;
  case 2: return PrimType::U16;
  case 4: return PrimType::U32;
  default: return PrimType::U64;
  }
}

// ---------------------------------------------------------------------------------------
// Expressions

std::string CPrinter::exp(const Exp& e, bool loose) { return print(e, loose).text; }

std::string CPrinter::constant(const imp::PrimValue& v, bool loose) {
  std::string ty(d_.typeName(v.type));
  if (v.type == PrimType::Bool)
    return v.i ? "true" : "false";
  if (isFloat(v.type)) {
    bool f32 = v.type != PrimType::F64;
    std::string cast = f32 ? "" : "(double)";
    if (std::isnan(v.f))
      return cast + std::string(d_.nan);
    if (std::isinf(v.f))
      return (v.f < 0 ? "-" : "") + cast + std::string(d_.inf);
    if (!f32)
      return shortest(v.f);
    // An f16 constant is its binary16 value (backend/Half.h), exact as a float.
    double value = v.type == PrimType::F16 ? roundToHalf(v.f) : v.f;
    return shortest(static_cast<float>(value)) + "f";
  }
  int64_t x = signedValue(v);
  bool fitsInt = x >= INT32_MIN + 1 && x <= INT32_MAX;
  if (v.type == PrimType::I32)
    return x == INT32_MIN ? "(-2147483647 - 1)" : std::to_string(x);
  if (loose && fitsInt)
    return std::to_string(x);
  switch (v.type) {
  case PrimType::U32: return std::to_string(static_cast<uint32_t>(x)) + "u";
  case PrimType::U64: return "(" + ty + ")" + std::to_string(static_cast<uint64_t>(x)) + "ull";
  case PrimType::I64:
    if (x == INT64_MIN)
      return "(" + ty + ")(-9223372036854775807 - 1)";
    return "(" + ty + ")" + std::to_string(x) + (fitsInt ? "" : "ll");
  default: return "(" + ty + ")" + std::to_string(x);
  }
}

std::string CPrinter::operand(const Exp& e, int prec, int group, bool right, bool loose) {
  Printed c = print(e, loose);
  bool parens;
  if (c.prec >= precOf(Unary))
    parens = prec >= precOf(Primary) && c.prec < prec; // casts before `[` or `.`
  else if (c.prec < prec || (c.prec == prec && right))
    parens = true;
  else if (group == Shift || group == BitAnd || group == BitXor || group == BitOr)
    parens = true;
  else if (group == LogOr && c.group == LogAnd)
    parens = true;
  else
    parens = (group == Rel || group == Eq) && (c.group == Rel || c.group == Eq);
  if (group == Unary && !c.text.empty() && (c.text[0] == '-' || c.text[0] == '+'))
    parens = true; // never print `--x`
  return parens ? "(" + c.text + ")" : c.text;
}

std::string CPrinter::call(const std::string& fn, const std::vector<std::string>& args) {
  std::string s = fn + "(";
  for (size_t i = 0; i < args.size(); ++i)
    s += (i ? ", " : "") + args[i];
  return s + ")";
}

std::string CPrinter::mathFunction(const std::string& name, PrimType t) {
  std::string fn = name;
  if (fn == "abs")
    fn = "fabs";
  else if (fn == "gamma")
    fn = "tgamma";
  else if (fn == "round") // Futhark's round takes halves to even, as rint does (C's round not)
    fn = "rint";
  else if (fn == "min")
    fn = "fmin";
  else if (fn == "max")
    fn = "fmax";
  if (d_.kind == Dialect::Kind::Host)
    return std::string(d_.mathPrefix) + fn;
  // f16 is computed in f32 (backend/Half.h).
  if (d_.f32MathSuffix && (t == PrimType::F32 || t == PrimType::F16) && isFloatMath(fn))
    fn += "f";
  return fn;
}

CPrinter::Printed CPrinter::unary(const Exp& e) {
  const Exp& x = *e.args.at(0);
  std::string ty(d_.typeName(e.type));
  std::string text;
  switch (e.unOp) {
  case imp::UnOpKind::Neg:
    if (isSigned(e.type) && primBytes(e.type) >= 4 && !noOverflow(e)) // wraps (Note [Wrapping arithmetic])
      return {call("fjord_neg_" + std::string(primName(e.type)), {exp(x)}), 16, Primary};
    text = (e.type == PrimType::Bool ? "!" : "-") + operand(x, 15, Unary, false, false);
    break;
  case imp::UnOpKind::Not:
    text = (e.type == PrimType::Bool ? "!" : "~") + operand(x, 15, Unary, false, false);
    break;
  case imp::UnOpKind::Complement:
    text = "~" + operand(x, 15, Unary, false, false);
    break;
  case imp::UnOpKind::Abs:
    if (isFloat(e.type))
      return {call(mathFunction("fabs", e.type), {exp(x, false)}), 16, Primary};
    if (isUnsigned(e.type))
      return print(x, false);
    return {call(helper("abs", e.type), {exp(x)}), 16, Primary};
  case imp::UnOpKind::Signum:
    return {call(helper("sgn", e.type), {exp(x)}), 16, Primary};
  }
  if (isNarrowInt(e.type))
    return {"(" + ty + ")(" + text + ")", 15, Unary};
  return {text, 15, Unary};
}

bool CPrinter::noOverflow(const Exp& e) const {
  return (memorySize_ && e.type == PrimType::I64) || ranges_.fits(e) ||
         ranges_.indexArithmetic(e);
}

std::string CPrinter::memorySize(const Exp& e) {
  memorySize_ = true;
  std::string text = exp(e);
  memorySize_ = false;
  return text;
}

std::optional<CPrinter::Printed> CPrinter::shiftHelper(const Exp& e) {
  const Exp& x = *e.args.at(0);
  const Exp& y = *e.args.at(1);
  PrimType t = e.operandType;
  int64_t width = 8 * primBytes(t);
  Interval xr = ranges_.range(x), yr = ranges_.range(y);
  bool amountBelowWidth = yr.lo >= 0 && yr.hi < width;
  // A left shift of a signed value is defined where it is non-negative and the result fits
  // the type C computes in (`int` for narrower types).
  bool defined = amountBelowWidth;
  if (defined && e.binOp == imp::BinOpKind::Shl && isSigned(t)) {
    int64_t limit = width < 32 ? INT32_MAX : intRange(t).hi;
    defined = xr.lo >= 0 && (xr.hi == 0 || yr.hi < 62) &&
              static_cast<__int128>(xr.hi) << yr.hi <= limit;
  }
  if (defined)
    return std::nullopt;
  std::string op = e.binOp == imp::BinOpKind::Shl ? "shl"
                   : e.binOp == imp::BinOpKind::Shr ? "shr"
                                                    : "lshr";
  return Printed{call(helper(op, t), {exp(x), exp(y)}), 16, Primary};
}

CPrinter::Printed CPrinter::binary(const Exp& e) {
  using imp::BinOpKind;
  const Exp& x = *e.args.at(0);
  const Exp& y = *e.args.at(1);
  PrimType t = e.operandType;
  bool looseX = y.kind != Exp::Kind::Const, looseY = x.kind != Exp::Kind::Const;
  auto fn = [&](const std::string& name) -> Printed {
    return {call(name, {exp(x, false), exp(y, false)}), 16, Primary};
  };
  auto helperCall = [&](const std::string& op) -> Printed {
    return {call(helper(op, t), {exp(x), exp(y)}), 16, Primary};
  };
  // Signed i32/i64 + - * that may overflow wrap through the unsigned type (runtime macros,
  // Note [Wrapping arithmetic]); narrower types compute in `int`, where they cannot.
  bool arithmetic = e.binOp == BinOpKind::Add || e.binOp == BinOpKind::Sub ||
                    e.binOp == BinOpKind::Mul;
  if (arithmetic && isSigned(t) && primBytes(t) >= 4 && !noOverflow(e))
    return {call("fjord_" + std::string(binOpName(e.binOp)) + "_" + primName(t), {exp(x), exp(y)}),
            16, Primary};
  Group g = Add;
  std::string op;
  switch (e.binOp) {
  case BinOpKind::Add: g = Add, op = "+"; break;
  case BinOpKind::Sub: g = Add, op = "-"; break;
  case BinOpKind::Mul:
    if (t == PrimType::U16) { // u16 * u16 in `int` may overflow it: multiply as u32
      std::string text = "(" + std::string(d_.typeName(PrimType::U32)) + ")" +
                         operand(x, 15, Unary, false, false) + " * " +
                         operand(y, 13, Mul, true, true);
      return {"(" + std::string(d_.typeName(t)) + ")(" + text + ")", 15, Unary};
    }
    g = Mul, op = "*";
    break;
  case BinOpKind::Div:
    if (isSigned(t))
      return helperCall("div");
    g = Mul, op = "/";
    break;
  case BinOpKind::Mod:
    if (isFloat(t))
      return fn(mathFunction("fmod", t));
    if (isSigned(t))
      return helperCall("mod");
    g = Mul, op = "%";
    break;
  case BinOpKind::Quot:
  case BinOpKind::Rem: {
    if (isFloat(t) && e.binOp == BinOpKind::Rem)
      return fn(mathFunction("fmod", t));
    // The most negative value divided by -1 is undefined in C; Futhark wraps (-x, 0).
    Interval xr = ranges_.range(x), yr = ranges_.range(y);
    bool minByMinusOne = yr.lo <= -1 && yr.hi >= -1 && xr.lo <= intRange(t).lo;
    if (isSigned(t) && minByMinusOne && !ranges_.indexArithmetic(e))
      return helperCall(e.binOp == BinOpKind::Quot ? "quot" : "rem");
    g = Mul, op = e.binOp == BinOpKind::Quot ? "/" : "%";
    break;
  }
  case BinOpKind::Pow:
    if (isFloat(t))
      return fn(mathFunction("pow", t));
    return helperCall("pow");
  case BinOpKind::Shl:
  case BinOpKind::Shr:
    if (auto h = shiftHelper(e))
      return *h;
    g = Shift, op = e.binOp == BinOpKind::Shl ? "<<" : ">>", looseX = false;
    break;
  case BinOpKind::LShr:
    if (auto h = shiftHelper(e))
      return *h;
    if (isSigned(t)) {
      PrimType u = unsignedOf(t);
      std::string shifted = "(" + std::string(d_.typeName(u)) + ")" +
                            operand(x, 15, Unary, false, false) + " >> " +
                            operand(y, 12, Shift, true, true);
      return {"(" + std::string(d_.typeName(t)) + ")(" + shifted + ")", 15, Unary};
    }
    g = Shift, op = ">>", looseX = false;
    break;
  case BinOpKind::And: g = BitAnd, op = "&"; break;
  case BinOpKind::Or: g = BitOr, op = "|"; break;
  case BinOpKind::Xor: g = BitXor, op = "^"; break;
  case BinOpKind::LogAnd: g = LogAnd, op = "&&"; break;
  case BinOpKind::LogOr: g = LogOr, op = "||"; break;
  case BinOpKind::Min: {
    // Host code's min(max(v, lo), hi) of constants lo <= hi (a tuning value's clamp).
    const Exp* lo = x.kind == Exp::Kind::BinOp && x.binOp == BinOpKind::Max ? x.args.at(1).get()
                                                                           : nullptr;
    if (d_.kind == Dialect::Kind::Host && isSigned(t) && lo && lo->kind == Exp::Kind::Const &&
        y.kind == Exp::Kind::Const && lo->value.asInt() <= y.value.asInt())
      return {"std::clamp<" + std::string(d_.typeName(t)) + ">(" + exp(*x.args.at(0), false) +
                  ", " + exp(*lo) + ", " + exp(y) + ")",
              16, Primary};
    return fn(isFloat(t) ? mathFunction("fmin", t) : std::string(d_.intMin));
  }
  case BinOpKind::Max:
    return fn(isFloat(t) ? mathFunction("fmax", t) : std::string(d_.intMax));
  }
  int p = precOf(g);
  std::string text =
      operand(x, p, g, false, looseX) + " " + op + " " + operand(y, p, g, true, looseY);
  if (isNarrowInt(e.type) && g != LogAnd && g != LogOr)
    return {"(" + std::string(d_.typeName(e.type)) + ")(" + text + ")", 15, Unary};
  return {text, p, g};
}

CPrinter::Printed CPrinter::print(const Exp& e, bool loose) {
  switch (e.kind) {
  case Exp::Kind::Const: {
    std::string s = constant(e.value, loose);
    bool simple = !s.empty() && s[0] != '-' && s[0] != '(';
    return {s, simple ? 16 : 15, simple ? Primary : Unary};
  }
  case Exp::Kind::Var: return {e.name, 16, Primary};
  case Exp::Kind::Tuning: return {tuning(e.name), 16, Primary};
  case Exp::Kind::DeviceLimit: return {deviceLimit(e.name), 16, Primary};
  case Exp::Kind::CmpSize: return {cmpSize(e.name, print(*e.args.at(0), false).text), 16, Primary};
  case Exp::Kind::UnOp: return unary(e);
  case Exp::Kind::BinOp: {
    Printed p = binary(e);
    // An f16 result computed in f32 is rounded back to f16 (backend/Half.h); min and max
    // pick an operand, which is an f16 value already.
    bool inexact = e.binOp != imp::BinOpKind::Min && e.binOp != imp::BinOpKind::Max;
    if (e.type == PrimType::F16 && inexact)
      return {call(halfRoundHelper(helpers_), {p.text}), 16, Primary};
    return p;
  }
  case Exp::Kind::Cmp: {
    static const char* ops[] = {"==", "!=", "<", "<=", ">", ">="};
    int k = static_cast<int>(e.cmpOp);
    Group g = k < 2 ? Eq : Rel;
    const Exp& x = *e.args.at(0);
    const Exp& y = *e.args.at(1);
    int p = precOf(g);
    return {operand(x, p, g, false, y.kind != Exp::Kind::Const) + " " + ops[k] + " " +
                operand(y, p, g, true, x.kind != Exp::Kind::Const),
            p, g};
  }
  case Exp::Kind::Convert: {
    const Exp& x = *e.args.at(0);
    if (x.type == e.type)
      return print(x, loose);
    if (e.type == PrimType::F16 && x.type == PrimType::F64)
      return {call(halfFromDoubleHelper(helpers_), {exp(x, false)}), 16, Primary};
    if (e.type == PrimType::F16) {
      // Integers of magnitude beyond 2^24 round to f32 values beyond f16's range: still inf.
      std::string f = x.type == PrimType::F32 ? exp(x, false)
                                              : "(float)" + operand(x, 15, Unary, false, false);
      return {call(halfRoundHelper(helpers_), {f}), 16, Primary};
    }
    return {"(" + std::string(d_.typeName(e.type)) + ")" + operand(x, 15, Unary, false, false),
            15, Unary};
  }
  case Exp::Kind::Call: {
    std::vector<std::string> args;
    for (const imp::ExpRef& a : e.args)
      args.push_back(exp(*a, false));
    PrimType t = e.args.empty() ? e.type : e.args[0]->type;
    if (e.name == "popc" || e.name == "clz")
      return {call(helper(e.name, t), args), 16, Primary};
    if (e.name == "to_bits" && t == PrimType::F16)
      return {call(halfToBitsHelper(helpers_), args), 16, Primary};
    if (e.name == "from_bits" && t == PrimType::U16)
      return {call(halfFromBitsHelper(helpers_), args), 16, Primary};
    if (e.name == "to_bits" || e.name == "from_bits")
      return {call(bitcastHelper(t), args), 16, Primary};
    std::string text = call(isFloat(t) ? mathFunction(e.name, t) : e.name, args);
    if (e.type == PrimType::F16) // computed in f32 (backend/Half.h)
      text = call(halfRoundHelper(helpers_), {text});
    return {text, 16, Primary};
  }
  case Exp::Kind::Select: {
    const Exp& a = *e.args.at(1);
    const Exp& b = *e.args.at(2);
    return {operand(*e.args.at(0), 4, Cond, false, true) + " ? " +
                operand(a, 4, Cond, false, b.kind != Exp::Kind::Const) + " : " +
                operand(b, 4, Cond, false, a.kind != Exp::Kind::Const),
            3, Cond};
  }
  case Exp::Kind::Load:
    if (e.type == PrimType::F16)
      return {halfLoad(d_, halfMemory(e.name), exp(*e.args.at(0))), 16, Primary};
    return {e.name + "[" + exp(*e.args.at(0)) + "]", 16, Primary};
  case Exp::Kind::LoadVolatile: // device memory only (Note [Cross-block communication in Imp])
    return {"((volatile " + std::string(d_.globalSpace) + std::string(d_.storageTypeName(e.type)) +
                "*)" + e.name + ")[" + exp(*e.args.at(0)) + "]",
            16, Primary};
  case Exp::Kind::ForwardProgress:
    throw std::logic_error("backend: forward_progress() left for the printer (see SelectTarget)");
  case Exp::Kind::ThreadId:
  case Exp::Kind::BlockId:
  case Exp::Kind::BlockSize:
  case Exp::Kind::NumBlocks: {
    std::string_view builtin = e.kind == Exp::Kind::ThreadId  ? d_.threadId
                               : e.kind == Exp::Kind::BlockId ? d_.blockId
                               : e.kind == Exp::Kind::BlockSize ? d_.blockSize
                                                                : d_.numBlocks;
    if (builtin.empty())
      throw std::logic_error("backend: a kernel builtin in host code");
    return {"(" + std::string(d_.typeName(PrimType::I64)) + ")" + std::string(builtin), 15,
            Unary};
  }
  case Exp::Kind::ShuffleDown:
  case Exp::Kind::ShuffleUp: {
    // __shfl_*_sync take 4- and 8-byte values; narrower ones travel as int. An f16 is a
    // float in registers (Dialect), so it travels as a float: as int it lost its fraction.
    if (d_.kind != Dialect::Kind::Cuda)
      throw std::logic_error("backend: a warp shuffle outside CUDA");
    const char* fn = e.kind == Exp::Kind::ShuffleDown ? "__shfl_down_sync" : "__shfl_up_sync";
    std::string x = exp(*e.args.at(0), false);
    std::string off = "(int)" + operand(*e.args.at(1), 15, Unary, false, false);
    if (primBytes(e.type) >= 4 || e.type == PrimType::F16)
      return {call(fn, {"0xffffffffu", x, off}), 16, Primary};
    return {"(" + std::string(d_.typeName(e.type)) + ")" +
                call(fn, {"0xffffffffu", "(int)" + x, off}),
            15, Unary};
  }
  case Exp::Kind::Lane: {
    static const char* cuda[] = {"x", "y", "z", "w"};
    int64_t q = e.args.at(0)->value.i;
    return {e.name + "." + (d_.kind == Dialect::Kind::Cuda ? cuda[q] : "s" + std::to_string(q)),
            16, Primary};
  }
  }
  return {"?", 16, Primary};
}

std::string CPrinter::halfMemory(const std::string& mem) { return mem; }

std::string CPrinter::cmpSize(const std::string& name, const std::string&) {
  throw std::logic_error("backend: threshold " + name + " compared outside host code");
}

std::string CPrinter::deviceLimit(const std::string& name) {
  throw std::logic_error("backend: device limit " + name + " read outside host code");
}

std::string CPrinter::tuning(const std::string& name) {
  throw std::logic_error("backend: tuning parameter " + name + " read outside host code");
}

// ---------------------------------------------------------------------------------------
// Statements

void CPrinter::line(const std::string& text) {
  out_.append(static_cast<size_t>(indent_) * 4, ' ');
  out_ += text;
  out_ += '\n';
}

void CPrinter::comment(const std::string& text) {
  size_t start = 0;
  while (start <= text.size()) {
    size_t end = text.find('\n', start);
    if (end == std::string::npos)
      end = text.size();
    std::string l = text.substr(start, end - start);
    line(l.empty() ? "//" : "// " + l);
    start = end + 1;
  }
}

bool CPrinter::declared(const std::string& name) const {
  for (const auto& scope : scopes_)
    if (scope.count(name))
      return true;
  return false;
}

void CPrinter::declare(const std::string& name) { scopes_.back().insert(name); }

void CPrinter::block(const imp::Block& b) {
  scopes_.emplace_back();
  ++indent_;
  for (size_t i = 0; i < b.size(); ++i) {
    bool bare = b[i].kind == Stm::Kind::DeclareScalar && b[i].args.empty();
    if (bare && i + 1 < b.size() && declareWith(b[i], b[i + 1])) {
      ++i;
      continue;
    }
    if (size_t n = printRun(b, i)) {
      i += n - 1;
      continue;
    }
    stm(b[i]);
  }
  --indent_;
  scopes_.pop_back();
}

void CPrinter::stm(const Stm& s) {
  bool dead = !uses_.reads.count(s.name);
  switch (s.kind) {
  case Stm::Kind::Comment: comment(s.text); return;
  case Stm::Kind::DeclareScalar:
    if (dead) {
      dropped_.insert(s.name);
      return;
    }
    declare(s.name);
    if (s.args.empty())
      line(std::string(d_.typeName(s.type)) + " " + s.name + ";");
    else
      line(std::string(d_.typeName(s.type)) + " " + s.name + " = " + exp(*s.args[0]) + ";");
    return;
  case Stm::Kind::Assign:
    if (dropped(s.name))
      return;
    line(s.name + " = " + exp(*s.args.at(0)) + ";");
    return;
  case Stm::Kind::Store:
    if (s.args.at(1)->type == PrimType::F16) {
      line(halfStore(d_, halfMemory(s.name), exp(*s.args.at(0)), exp(*s.args.at(1))));
      return;
    }
    line(s.name + "[" + exp(*s.args.at(0)) + "] = " + exp(*s.args.at(1)) + ";");
    return;
  case Stm::Kind::If: {
    if (s.body.empty() && s.elseBody.empty()) // nor its condition (UseAnalysis.cpp)
      return;
    std::string cond = exp(*s.args.at(0));
    if (s.body.empty()) {
      line("if (!(" + cond + ")) {");
      block(s.elseBody);
      line("}");
      return;
    }
    line("if (" + cond + ") {");
    block(s.body);
    if (!s.elseBody.empty()) {
      line("} else {");
      block(s.elseBody);
    }
    line("}");
    return;
  }
  case Stm::Kind::For: {
    bool narrow = narrowCounter(s, narrowed_); // backend/NarrowCounters.h
    std::string ty(d_.typeName(narrow ? PrimType::I32
                                      : isInteger(s.type) ? s.type : PrimType::I64));
    if (s.text.rfind("unroll", 0) == 0) // an unrolling hint (CUDA and OpenCL C spell it alike)
      line("#pragma " + s.text);
    line("for (" + ty + " " + s.name + " = 0; " + s.name + " < " + exp(*s.args.at(0)) + "; ++" +
         s.name + ") {");
    if (narrow)
      narrowed_[s.name] = s.args[0]->value.asInt();
    block(s.body);
    narrowed_.erase(s.name);
    line("}");
    return;
  }
  case Stm::Kind::While:
    line("while (" + exp(*s.args.at(0)) + ") {");
    block(s.body);
    line("}");
    return;
  case Stm::Kind::Break: line("break;"); return;
  case Stm::Kind::Barrier: line(std::string(d_.barrier) + ";"); return;
  default: targetStm(s); return;
  }
}

void CPrinter::targetStm(const Stm& s) {
  throw std::logic_error("backend: statement kind " + std::to_string(static_cast<int>(s.kind)) +
                         " is not valid here");
}

std::string stringLiteral(const std::string& text) {
  std::string s = "\"";
  for (char c : text) {
    switch (c) {
    case '"': s += "\\\""; break;
    case '\\': s += "\\\\"; break;
    case '\n': s += "\\n"; break;
    case '\t': s += "\\t"; break;
    default:
      if (static_cast<unsigned char>(c) < 0x20) {
        char buf[8];
        std::snprintf(buf, sizeof buf, "\\%03o", static_cast<unsigned char>(c));
        s += buf;
      } else {
        s += c;
      }
    }
  }
  return s + "\"";
}

} // namespace fjord::backend
