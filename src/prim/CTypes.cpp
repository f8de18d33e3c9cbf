// The table of C type names (see CTypes.h).
#include "prim/CTypes.h"

#include "support/Diagnostics.h"

namespace fjord::prim {

namespace {

struct CNames {
  PrimType type;
  std::string_view c, opencl;
};

constexpr CNames kNames[] = {
    {PrimType::Bool, "bool", "bool"},    {PrimType::I8, "int8_t", "char"},
    {PrimType::I16, "int16_t", "short"}, {PrimType::I32, "int32_t", "int"},
    {PrimType::I64, "int64_t", "long"},  {PrimType::U8, "uint8_t", "uchar"},
    {PrimType::U16, "uint16_t", "ushort"}, {PrimType::U32, "uint32_t", "uint"},
    {PrimType::U64, "uint64_t", "ulong"}, {PrimType::F16, "uint16_t", "half"},
    {PrimType::F32, "float", "float"},   {PrimType::F64, "double", "double"},
};

const CNames& namesOf(PrimType t) {
  for (const CNames& n : kNames)
    if (n.type == t)
      return n;
  internalError("cTypeName", "unknown primitive type");
}

} // namespace

std::string_view cTypeName(PrimType t) { return namesOf(t).c; }
std::string_view openclTypeName(PrimType t) { return namesOf(t).opencl; }

} // namespace fjord::prim
