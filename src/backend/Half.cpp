// f16 helpers and memory accesses per target (see Half.h).
#include "backend/Half.h"

#include <stdexcept>

namespace fjord::backend {
namespace {

bool isOpenCL(const Dialect& d) { return d.kind == Dialect::Kind::OpenCL; }

/// `dst` (declared here, of type `ty`) <- the bits of `src`, reinterpreted.
std::string pun(const Dialect& d, const std::string& ty, const std::string& dst,
                const std::string& src) {
  if (isOpenCL(d))
    return ty + " " + dst + " = as_" + ty + "(" + src + ");\n";
  // memcpy is the defined way to pun in C++; nvcc accepts it in device code as well.
  return ty + " " + dst + ";\n    __builtin_memcpy(&" + dst + ", &" + src + ", sizeof " + dst +
         ");\n";
}

std::string head(const Dialect& d, const std::string& result, const std::string& name,
                 const std::string& params) {
  return std::string(d.helperQualifier) + " " + result + " " + name + "(" + params + ")";
}

} // namespace

std::string halfToBitsHelper(Helpers& h) {
  const Dialect& d = h.dialect();
  std::string u16(d.typeName(PrimType::U16)), u32(d.typeName(PrimType::U32));
  std::string def =
      "/// The binary16 bits of x rounded to nearest, ties to even. A NaN keeps its sign and\n"
      "/// the top 10 bits of its payload (0x200 when these are zero).\n" +
      head(d, u16, "fjord_f16_to_bits", "float x") + " {\n    " + pun(d, u32, "b", "x") +
      "    " + u16 + " sign = (" + u16 + ")((b >> 16) & 0x8000u);\n    " + u32 +
      " a = b & 0x7fffffffu;\n"
      "    if (a > 0x7f800000u) {\n        " + u32 + " payload = (a >> 13) & 0x3ffu;\n"
      "        return (" + u16 + ")(sign | 0x7c00u | (payload != 0 ? payload : 0x200u));\n    }\n"
      "    if (a >= 0x477ff000u) // from 65520, halfway between 65504 and 2^16, on: infinity\n"
      "        return (" + u16 + ")(sign | 0x7c00u);\n"
      "    if (a < 0x38800000u) {\n"
      "        // A subnormal: adding 0.5, whose ulp is 2^-24, rounds |x| to a multiple of 2^-24.\n"
      "        " + pun(d, "float", "magnitude", "a") + "        float sum = magnitude + 0.5f;\n"
      "        " + pun(d, u32, "s", "sum") + "        return (" + u16 +
      ")(sign | (s - 0x3f000000u));\n    }\n"
      "    // Rebias the exponent (127 to 15) and round the 13 dropped bits to nearest even.\n"
      "    a = a - 0x38000000u + 0xfffu + ((a >> 13) & 1u);\n"
      "    return (" + u16 + ")(sign | (a >> 13));\n}\n";
  return h.use("fjord_f16_to_bits", def);
}

std::string halfFromBitsHelper(Helpers& h) {
  const Dialect& d = h.dialect();
  std::string u16(d.typeName(PrimType::U16)), u32(d.typeName(PrimType::U32));
  std::string def =
      "/// The value of binary16 bits (exact: every f16 is a float; NaNs keep their payload).\n" +
      head(d, "float", "fjord_f16_from_bits", u16 + " bits") + " {\n    " + u32 + " sign = (" +
      u32 + ")(bits & 0x8000u) << 16;\n    " + u32 + " e = (bits >> 10) & 0x1fu;\n    " + u32 +
      " m = bits & 0x3ffu;\n"
      "    if (e == 0) {\n"
      "        float v = (float)m * 5.9604644775390625e-8f; // m * 2^-24, zero or a subnormal\n"
      "        return sign != 0 ? -v : v;\n    }\n    " + u32 +
      " b = sign | (e == 31 ? 0x7f800000u : (e + 112u) << 23) | (m << 13);\n    " +
      pun(d, "float", "f", "b") + "    return f;\n}\n";
  return h.use("fjord_f16_from_bits", def);
}

std::string halfRoundHelper(Helpers& h) {
  const Dialect& d = h.dialect();
  std::string body;
  switch (d.kind) {
  case Dialect::Kind::Cuda: body = "    return __half2float(__float2half_rn(x));\n"; break;
  case Dialect::Kind::OpenCL:
    // No half variables without cl_khr_fp16: the 16 bits go through a ushort.
    body = "    ushort bits;\n    vstore_half_rte(x, 0, (__private half*)&bits);\n"
           "    return vload_half(0, (const __private half*)&bits);\n";
    break;
  case Dialect::Kind::Host:
    body = "    return " + halfFromBitsHelper(h) + "(" + halfToBitsHelper(h) + "(x));\n";
    break;
  }
  return h.use("fjord_round_f16", "/// x rounded to the nearest f16 value (ties to even).\n" +
                                      head(d, "float", "fjord_round_f16", "float x") + " {\n" +
                                      body + "}\n");
}

std::string halfFromDoubleHelper(Helpers& h) {
  const Dialect& d = h.dialect();
  std::string body;
  switch (d.kind) {
  case Dialect::Kind::Cuda: body = "    return __half2float(__double2half(x));\n"; break;
  case Dialect::Kind::OpenCL:
    body = "    ushort bits;\n    vstore_half_rte(x, 0, (__private half*)&bits);\n"
           "    return vload_half(0, (const __private half*)&bits);\n";
    break;
  case Dialect::Kind::Host: {
    // Rounding to f32 first could round twice: round to odd instead (an inexact f32 gets
    // an odd last bit), which f16's rounding then treats exactly like x itself.
    std::string toBits = halfToBitsHelper(h), fromBits = halfFromBitsHelper(h);
    body = "    float f = (float)x;\n"
           "    if ((double)f != x && f == f && std::fabs(f) != INFINITY) {\n"
           "        uint32_t b;\n        __builtin_memcpy(&b, &f, sizeof b);\n"
           "        if ((b & 1u) == 0)\n"
           "            b = std::fabs((double)f) > std::fabs(x) ? b - 1 : b + 1;\n"
           "        __builtin_memcpy(&f, &b, sizeof f);\n    }\n"
           "    return " + fromBits + "(" + toBits + "(f));\n";
    break;
  }
  }
  return h.use("fjord_round_f16_f64",
               "/// x rounded to the nearest f16 value (ties to even), in one rounding.\n" +
                   head(d, "float", "fjord_round_f16_f64", "double x") + " {\n" + body + "}\n");
}

std::string halfLoad(const Dialect& d, const std::string& mem, const std::string& index) {
  switch (d.kind) {
  case Dialect::Kind::Cuda: return "__half2float(" + mem + "[" + index + "])";
  case Dialect::Kind::OpenCL: return "vload_half(" + index + ", " + mem + ")";
  case Dialect::Kind::Host: break;
  }
  throw std::logic_error("backend: an f16 memory load in host code");
}

std::string halfStore(const Dialect& d, const std::string& mem, const std::string& index,
                      const std::string& value) {
  switch (d.kind) {
  case Dialect::Kind::Cuda: return mem + "[" + index + "] = __float2half_rn(" + value + ");";
  case Dialect::Kind::OpenCL: return "vstore_half_rte(" + value + ", " + index + ", " + mem + ");";
  case Dialect::Kind::Host: break;
  }
  throw std::logic_error("backend: an f16 memory store in host code");
}

} // namespace fjord::backend
