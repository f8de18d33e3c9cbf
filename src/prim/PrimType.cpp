// The table of primitive types: names and sizes.
#include "prim/PrimType.h"

#include "support/Diagnostics.h"

namespace fjord {

namespace {

struct PrimInfo {
  PrimType type;
  const char* name;
  int bytes;
};

constexpr PrimInfo kPrims[] = {
    {PrimType::Bool, "bool", 1}, {PrimType::I8, "i8", 1},   {PrimType::I16, "i16", 2},
    {PrimType::I32, "i32", 4},   {PrimType::I64, "i64", 8}, {PrimType::U8, "u8", 1},
    {PrimType::U16, "u16", 2},   {PrimType::U32, "u32", 4}, {PrimType::U64, "u64", 8},
    {PrimType::F16, "f16", 2},   {PrimType::F32, "f32", 4}, {PrimType::F64, "f64", 8},
};

const PrimInfo& info(PrimType t) {
  for (const PrimInfo& p : kPrims)
    if (p.type == t)
      return p;
  internalError("primInfo", "unknown primitive type");
}

} // namespace

const char* primName(PrimType t) { return info(t).name; }

std::optional<PrimType> primFromName(const std::string& name) {
  for (const PrimInfo& p : kPrims)
    if (name == p.name)
      return p.type;
  return std::nullopt;
}

bool isSigned(PrimType t) {
  return t == PrimType::I8 || t == PrimType::I16 || t == PrimType::I32 || t == PrimType::I64;
}

bool isUnsigned(PrimType t) {
  return t == PrimType::U8 || t == PrimType::U16 || t == PrimType::U32 || t == PrimType::U64;
}

bool isInteger(PrimType t) { return isSigned(t) || isUnsigned(t); }

bool isFloat(PrimType t) {
  return t == PrimType::F16 || t == PrimType::F32 || t == PrimType::F64;
}

int primBytes(PrimType t) { return info(t).bytes; }

} // namespace fjord
