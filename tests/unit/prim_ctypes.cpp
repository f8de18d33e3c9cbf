// The C spellings of the primitive types (prim/CTypes.h) and the text of constants.
#include "prim/CTypes.h"
#include "prim/PrimValue.h"

#include <doctest/doctest.h>

using fjord::PrimType;
using fjord::PrimValue;

TEST_CASE("prim: one table of C type names, f16 as its binary16 bits") {
  CHECK(fjord::prim::cTypeName(PrimType::I64) == "int64_t");
  CHECK(fjord::prim::cTypeName(PrimType::U8) == "uint8_t");
  CHECK(fjord::prim::cTypeName(PrimType::F16) == "uint16_t");
  CHECK(fjord::prim::cTypeName(PrimType::F64) == "double");
  CHECK(fjord::prim::openclTypeName(PrimType::I64) == "long");
  CHECK(fjord::prim::openclTypeName(PrimType::U16) == "ushort");
  CHECK(fjord::prim::openclTypeName(PrimType::F16) == "half");
}

TEST_CASE("prim: constants print in IR text, integers within their width") {
  CHECK(PrimValue::integer(PrimType::U8, -1).str() == "255u8");
  CHECK(PrimValue::integer(PrimType::I8, 255).str() == "-1i8");
  CHECK(PrimValue::integer(PrimType::U64, -1).str() == "18446744073709551615u64");
  CHECK(PrimValue::floating(PrimType::F32, 0.1).str() == "0.1f32");
  CHECK(PrimValue::boolean(true).str() == "true");
  CHECK(PrimValue::wrapped(PrimType::I16, 0x18000) == PrimValue::integer(PrimType::I16, -32768));
}
