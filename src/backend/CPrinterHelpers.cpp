// The helper functions of the C printer (see CPrinter.h): the small functions generated
// code calls (floor division, integer power, shifts and division that follow Futhark's
// semantics, bit counts, bit casts), defined once per output file, only if used, in each
// dialect's spelling (Note [Wrapping arithmetic] in ValueRanges.h for the integer ones).
#include "backend/CPrinter.h"

#include "ir/TypeOf.h"
#include "support/Diagnostics.h"


namespace fjord::backend {

const std::string& Helpers::use(const std::string& name, const std::string& def) {
  defs_.emplace(name, def);
  return defs_.find(name)->first;
}

std::string Helpers::definitions() const {
  std::string out;
  for (const auto& [name, def] : defs_)
    out += def + "\n";
  return out;
}

std::string CPrinter::helper(const std::string& op, PrimType t) {
  const Dialect& hd = helpers_.dialect();
  std::string ty(hd.typeName(t));
  std::string name = "fjord_" + op + "_" + primName(t);
  std::string head = std::string(hd.helperQualifier) + " " + ty + " " + name;
  std::string uty(hd.typeName(unsignedOf(t)));
  std::string width = std::to_string(8 * primBytes(t));
  // x negated through the unsigned type (wraps; Note [Wrapping arithmetic]): the runtime's
  // macro for i32/i64; narrower types negate in `int` and convert back.
  std::string negX = primBytes(t) >= 4 ? "fjord_neg_" + std::string(primName(t)) + "(x)"
                                       : "(" + ty + ")-x";
  std::string def;
  if (op == "div") {
    def = "/// Floor division (rounds towards negative infinity); x / -1 wraps.\n" + head + "(" +
          ty + " x, " + ty + " y) {\n    if (y == -1)\n        return " + negX + ";\n    " + ty +
          " q = x / y;\n    return q - ((x % y != 0) & ((x < 0) != (y < 0)));\n}\n";
  } else if (op == "mod") {
    def = "/// Floor modulo: the result has the sign of the divisor.\n" + head + "(" + ty +
          " x, " + ty + " y) {\n    if (y == -1)\n        return 0;\n    " + ty +
          " r = x % y;\n    return r + ((r != 0) & ((r < 0) != (y < 0))) * y;\n}\n";
  } else if (op == "quot") {
    def = "/// Truncating division; x / -1 wraps.\n" + head + "(" + ty + " x, " + ty +
          " y) {\n    return y == -1 ? " + negX + " : x / y;\n}\n";
  } else if (op == "rem") {
    def = "/// Truncating remainder (0 for y = -1).\n" + head + "(" + ty + " x, " + ty +
          " y) {\n    return y == -1 ? 0 : x % y;\n}\n";
  } else if (op == "pow") {
    // In an unsigned type of at least 32 bits, so that the products wrap.
    std::string wide(hd.typeName(primBytes(t) == 8 ? PrimType::U64 : PrimType::U32));
    std::string negative = isSigned(t) ? "    if (y < 0)\n        return x == 1 ? 1 : x == -1 ? (y % 2 == 0 ? 1 : -1) : 0;\n" : "";
    def = "/// Integer power by squaring, wrapping" +
          std::string(isSigned(t) ? " (0 for negative exponents, except of 1 and -1)" : "") +
          ".\n" + head + "(" + ty + " x, " + ty + " y) {\n" + negative + "    " + wide +
          " r = 1, b = (" + wide + ")x;\n    while (y > 0) {\n        if (y & 1)\n            r *= b;\n"
          "        b *= b;\n        y >>= 1;\n    }\n    return (" + ty + ")r;\n}\n";
  } else if (op == "abs") {
    def = head + "(" + ty + " x) {\n    return x < 0 ? " + negX + " : x;\n}\n";
  } else if (op == "shl") {
    def = "/// x << y, 0 where y is the width or more.\n" + head + "(" + ty + " x, " + ty +
          " y) {\n    return (" + uty + ")y >= " + width + " ? 0 : (" + ty + ")((" + uty +
          ")x << y);\n}\n";
  } else if (op == "shr") {
    def = isSigned(t) ? "/// x >> y, filled with the sign where y is the width or more.\n" + head +
                            "(" + ty + " x, " + ty + " y) {\n    return x >> ((" + uty +
                            ")y >= " + width + " ? " + width + " - 1 : y);\n}\n"
                      : "/// x >> y, 0 where y is the width or more.\n" + head + "(" + ty +
                            " x, " + ty + " y) {\n    return (" + uty + ")y >= " + width +
                            " ? 0 : (" + ty + ")(x >> y);\n}\n";
  } else if (op == "lshr") {
    def = "/// The logical shift x >>> y, 0 where y is the width or more.\n" + head + "(" + ty +
          " x, " + ty + " y) {\n    return (" + uty + ")y >= " + width + " ? 0 : (" + ty +
          ")((" + uty + ")x >> y);\n}\n";
  } else if (op == "sgn") {
    def = isFloat(t) ? head + "(" + ty + " x) {\n    return x > 0 ? (" + ty + ")1 : x < 0 ? (" +
                           ty + ")-1 : x;\n}\n"
                     : head + "(" + ty + " x) {\n    return (x > 0) - (x < 0);\n}\n";
    def = "/// The sign of x: -1, 0 or 1.\n" + def;
  } else if (op == "popc" || op == "clz") {
    def = bitCountHelper(op, t, name);
  } else {
    internalError("backend::CPrinter", "no helper for the operation `" + op + "`");
  }
  return helpers_.use(name, def);
}

std::string CPrinter::bitCountHelper(const std::string& op, PrimType t,
                                     const std::string& name) {
  const Dialect& hd = helpers_.dialect();
  std::string ty(hd.typeName(t));
  std::string i32(hd.typeName(PrimType::I32));
  bool popc = op == "popc";
  std::string doc = popc ? "/// The number of set bits of x.\n"
                         : "/// The number of leading zero bits of x (its width when x is 0).\n";
  std::string head = std::string(hd.helperQualifier) + " " + i32 + " " + name + "(" + ty + " x)";
  if (hd.kind == Dialect::Kind::OpenCL) // popcount and clz count within x's own width
    return doc + head + " {\n    return (" + i32 + ")" + (popc ? "popcount" : "clz") + "(x);\n}\n";
  // 64-bit unsigned builtins on the zero-extended value; clz then drops the extra width.
  std::string wide = "(uint64_t)(" + std::string(hd.typeName(unsignedOf(t))) + ")x";
  int extra = 64 - 8 * primBytes(t);
  std::string less = extra ? " - " + std::to_string(extra) : "";
  std::string hostBody = popc ? "__builtin_popcountll(" + wide + ")"
                              : "x == 0 ? " + std::to_string(64 - extra) + " : __builtin_clzll(" +
                                    wide + ")" + less;
  if (hd.kind == Dialect::Kind::Host)
    return doc + head + " {\n    return " + hostBody + ";\n}\n";
  std::string deviceBody = popc ? "__popcll(" + wide + ")" : "__clzll((long long)" + wide + ")" + less;
  return doc + head + " {\n#ifdef __CUDA_ARCH__\n    return " + deviceBody +
         ";\n#else\n    return " + hostBody + ";\n#endif\n}\n";
}

std::string CPrinter::bitcastHelper(PrimType from) {
  const Dialect& hd = helpers_.dialect();
  PrimType to = ir::bitcastType(from);
  std::string fromTy(hd.typeName(from)), toTy(hd.typeName(to));
  std::string name = "fjord_" + std::string(isFloat(from) ? "to_bits_" : "from_bits_") +
                     primName(isFloat(from) ? from : to);
  std::string doc = "/// The bits of x reinterpreted as " + std::string(primName(to)) + ".\n";
  std::string head = std::string(hd.helperQualifier) + " " + toTy + " " + name + "(" + fromTy + " x)";
  // OpenCL's as_T and CUDA's __float_as_uint & co. reinterpret without a trip through
  // memory; C++ host code copies the bytes (the defined way to pun).
  std::string hostBody = toTy + " r;\n    __builtin_memcpy(&r, &x, sizeof r);\n    return r;";
  std::string def;
  if (hd.kind == Dialect::Kind::OpenCL) {
    def = head + " {\n    return as_" + toTy + "(x);\n}\n";
  } else if (hd.kind == Dialect::Kind::Host) {
    def = head + " {\n    " + hostBody + "\n}\n";
  } else {
    bool wide = primBytes(from) == 8;
    std::string intrinsic = isFloat(from) ? (wide ? "(uint64_t)__double_as_longlong" : "__float_as_uint")
                                          : (wide ? "__longlong_as_double" : "__uint_as_float");
    std::string arg = isFloat(from) || !wide ? "x" : "(long long)x";
    def = head + " {\n#ifdef __CUDA_ARCH__\n    return " + intrinsic + "(" + arg +
          ");\n#else\n    " + hostBody + "\n#endif\n}\n";
  }
  return helpers_.use(name, doc + def);
}

} // namespace fjord::backend
