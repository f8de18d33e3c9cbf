// The C spellings of the primitive types, in one table: the backend's dialects derive the
// names they print from it (backend/Dialect.cpp), the C API uses it as is.
#pragma once
#include "prim/PrimType.h"

#include <string_view>

namespace fjord::prim {

/// The C (<stdint.h>) type holding a `t` in memory and at the C API: int32_t, float, ...;
/// f16 is the uint16_t of its binary16 bits.
std::string_view cTypeName(PrimType t);
/// OpenCL C's built-in type holding a `t` in memory: int, ulong, half, ...
std::string_view openclTypeName(PrimType t);

} // namespace fjord::prim
