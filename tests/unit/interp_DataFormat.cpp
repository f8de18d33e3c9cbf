// Data format tests: reading and printing Futhark's text and binary value formats.
#include "interp/DataFormat.h"

#include <doctest/doctest.h>

using namespace fjord;
using namespace fjord::interp;

namespace {

/// Reads every value of `text` and prints them back, one per line (or the error).
std::string roundTrip(const std::string& text) {
  std::string error;
  auto vs = readAllValues(text, error);
  if (!vs)
    return "error: " + error;
  std::string out;
  for (const Value& v : *vs)
    out += printValue(v) + "\n";
  return out;
}

std::string readAs(const std::string& text, const std::string& sig) {
  TypeRef t;
  if (sig == "[]f32")
    t = Type::array(Type::primitive(PrimType::F32), {Size::unknown()});
  else if (sig == "u8")
    t = Type::primitive(PrimType::U8);
  else if (sig == "[][]i64")
    t = Type::array(Type::primitive(PrimType::I64), {Size::unknown(), Size::unknown()});
  std::string error;
  auto vs = readValues(text, {t}, error);
  if (!vs)
    return "error: " + error;
  return printValue((*vs)[0], t);
}

} // namespace

TEST_CASE("interp: text format round trips") {
  CHECK(roundTrip("3i64 -2i8 255u8 true false") == "3i64\n-2i8\n255u8\ntrue\nfalse\n");
  CHECK(roundTrip("1 1.0 2.5f32 -0.125f64") == "1i32\n1.0f64\n2.5f32\n-0.125f64\n");
  CHECK(roundTrip("f32.nan -f32.inf f64.inf") == "f32.nan\n-f32.inf\nf64.inf\n");
  CHECK(roundTrip("[1f32, 2f32] [[1, 2], [3, 4]]") ==
        "[1.0f32, 2.0f32]\n[[1i32, 2i32], [3i32, 4i32]]\n");
  CHECK(roundTrip("-- a comment\n[1i8,2] ") == "[1i8, 2i8]\n");
  CHECK(roundTrip("1e10 0.001 123456.5 12345678.0") ==
        "1.0e10f64\n1.0e-3f64\n123456.5f64\n1.2345678e7f64\n");
  CHECK(roundTrip("0x10i32 1.5e3f32") == "16i32\n1500.0f32\n");
}

TEST_CASE("interp: empty arrays keep their element type and shape") {
  std::string error;
  auto vs = readAllValues("empty([2][0]i32)", error);
  REQUIRE(vs);
  CHECK((*vs)[0].shape() == std::vector<int64_t>{2, 0});
  TypeRef t = Type::array(Type::primitive(PrimType::I32), {Size::unknown(), Size::unknown()});
  CHECK(printValue((*vs)[0], t) == "empty([2][0]i32)");
  CHECK(readAs("empty([0]f32)", "[]f32") == "empty([0]f32)");
}

TEST_CASE("interp: unsuffixed literals take the expected type") {
  CHECK(readAs("[1, 2.5]", "[]f32") == "[1.0f32, 2.5f32]");
  CHECK(readAs("200", "u8") == "200u8");
  CHECK(readAs("[[1, 2]]", "[][]i64") == "[[1i64, 2i64]]");
  CHECK(readAs("1i32", "u8").find("error: value 1: expected a value of type `u8`") == 0);
  CHECK(readAs("1.5", "u8").find("error: value 1: a number with a fraction") == 0);
}

TEST_CASE("interp: malformed text input gives an error, not a crash") {
  CHECK(roundTrip("[1, 2").find("error: expected `,` or `]`") == 0);
  CHECK(roundTrip("[[1], [2, 3]]").find("error: irregular array") == 0);
  CHECK(roundTrip("[1i32, 2f32]").find("error:") == 0);
  CHECK(roundTrip("[]").find("error: empty array literal") == 0);
  CHECK(roundTrip("empty([2]i32)").find("needs a dimension of size 0") != std::string::npos);
  CHECK(roundTrip("foo").find("error: expected a value") == 0);
}

// Found by the `data` fuzz target: each `[` was a level of recursion, so a long run of them
// overflowed the stack. 255 levels (the binary format's highest rank) are still read.
TEST_CASE("interp: deeply nested array literals give an error, not a stack overflow") {
  CHECK(roundTrip(std::string(100000, '[')) ==
        "error: array literal nested more than 255 levels deep at offset 255");
  std::string deep = std::string(255, '[') + "1" + std::string(255, ']');
  CHECK(roundTrip(deep).find("error") == std::string::npos);
  std::string error;
  auto vs = readAllValues(deep, error);
  REQUIRE(vs);
  CHECK((*vs)[0].shape().size() == 255);
}

TEST_CASE("interp: binary format round trips, mixed with text") {
  std::string error;
  auto text = readAllValues("[[1f32, 2f32], [3f32, 4.5f32]] -7i16 [true, false] 1.5f64", error);
  REQUIRE(text);
  std::string bin;
  for (const Value& v : *text)
    bin += writeBinary(v);
  CHECK(bin.substr(0, 7) == std::string("b\x02\x02 f32", 7));
  auto back = readAllValues(bin + " 42 ", error);
  REQUIRE(back);
  REQUIRE(back->size() == 5);
  for (size_t i = 0; i < 4; ++i)
    CHECK(printValue((*back)[i]) == printValue((*text)[i]));
  CHECK(printValue((*back)[4]) == "42i32");
  // f16 values survive the binary round trip.
  auto half = readAllValues("[1.5f16, -0.25f16]", error);
  REQUIRE(half);
  auto halfBack = readAllValues(writeBinary((*half)[0]), error);
  REQUIRE(halfBack);
  CHECK(printValue((*halfBack)[0]) == "[1.5f16, -0.25f16]");
  CHECK(readAllValues(std::string("b\x02\x01 i32\x05", 8), error) == std::nullopt);
  CHECK(error.find("truncated binary value") == 0);
}
