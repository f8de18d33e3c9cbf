// Safe run-time input (issue 16): the generated executables' data reader
// (runtime/fjord_runtime_data.h), the interpreter's (interp/DataFormat.h) and the C API's
// array constructors reject negative dimensions, shapes whose element count overflows
// int64, shapes beyond the payload and literals out of range for their type, with an error
// that names the argument and the offending value.
#include "../../runtime/fjord_runtime_data.h"
#include "generated_test_util.h"
#include "interp/DataFormat.h"

#include <doctest/doctest.h>

#include <cstdint>
#include <string>
#include <vector>

using namespace fjord;
using namespace fjord::testutil;
using namespace fjord::interp;

namespace {

/// A binary value of element type " i32" with the given dimensions and `payload` bytes.
std::string binaryI32(const std::vector<int64_t>& dims, size_t payload) {
  std::string s = "b";
  s += static_cast<char>(2);
  s += static_cast<char>(dims.size());
  s += " i32";
  for (int64_t d : dims)
    for (int b = 0; b < 8; ++b)
      s += static_cast<char>((static_cast<uint64_t>(d) >> (8 * b)) & 0xff);
  return s + std::string(payload, '\0');
}

/// The runtime reader's error for `input` read as one value of `elem` and `rank`, or "ok".
std::string runtimeRead(const std::string& input, fjord_rt::data::Elem elem, int rank) {
  fjord_rt::data::Reader reader(input);
  fjord_rt::data::Value v;
  return reader.read(v, elem, rank) ? "ok" : reader.error();
}

/// The interpreter reader's error for `input` read as arguments of types `types`, or "ok".
std::string interpRead(const std::string& input, const std::vector<TypeRef>& types) {
  std::string error;
  return interp::readValues(input, types, error, "argument") ? "ok" : error;
}

TypeRef prim(PrimType t) { return Type::primitive(t); }
TypeRef arrayOf(PrimType t, int rank) {
  return Type::array(prim(t), std::vector<Size>(rank, Size::unknown()));
}

const int64_t k2to62 = int64_t{1} << 62;
const int64_t k2to32 = int64_t{1} << 32;

} // namespace

TEST_CASE("runtime: the data reader rejects bad binary shapes") {
  using fjord_rt::data::Elem;
  CHECK(runtimeRead(binaryI32({-1}, 0), Elem::I32, 1).find("dimension 0 of the shape [-1] is negative") == 0);
  CHECK(runtimeRead(binaryI32({-2, -3}, 24), Elem::I32, 2).find("dimension 0 of the shape [-2][-3] is negative") == 0);
  CHECK(runtimeRead(binaryI32({2, -3}, 24), Elem::I32, 2).find("dimension 1 of the shape [2][-3] is negative") == 0);
  CHECK(runtimeRead(binaryI32({k2to62, 4}, 16), Elem::I32, 2).find("the shape [4611686018427387904][4] has more elements than int64 can count") == 0);
  CHECK(runtimeRead(binaryI32({k2to32, k2to32}, 16), Elem::I32, 2).find("has more elements than int64 can count") != std::string::npos);
  CHECK(runtimeRead(binaryI32({k2to32, 4}, 16), Elem::I32, 2).find("the shape [4294967296][4] needs 17179869184 elements of 4 bytes, but only 16 bytes are left") == 0);
  CHECK(runtimeRead(binaryI32({3}, 8), Elem::I32, 1).find("needs 3 elements of 4 bytes, but only 8 bytes are left") != std::string::npos);
  CHECK(runtimeRead(binaryI32({2, 0}, 0), Elem::I32, 2) == "ok");
  CHECK(runtimeRead(binaryI32({2, 2}, 16), Elem::I32, 2) == "ok");
}

TEST_CASE("runtime: the data reader rejects out-of-range literals and negative empty dimensions") {
  using fjord_rt::data::Elem;
  CHECK(runtimeRead("99999999999", Elem::I32, 0).find("integer literal '99999999999' is out of range for i32") == 0);
  CHECK(runtimeRead("[1, 99999999999i32]", Elem::I32, 1).find("'99999999999i32' is out of range for i32") != std::string::npos);
  CHECK(runtimeRead("300u8", Elem::U8, 0).find("'300u8' is out of range for u8") != std::string::npos);
  CHECK(runtimeRead("-1u8", Elem::U8, 0).find("'-1u8' is out of range for u8") != std::string::npos);
  CHECK(runtimeRead("128i8", Elem::I8, 0).find("out of range for i8") != std::string::npos);
  CHECK(runtimeRead("-9223372036854775809", Elem::I64, 0).find("out of range for i64") != std::string::npos);
  CHECK(runtimeRead("9223372036854775808i64", Elem::I64, 0).find("out of range for i64") != std::string::npos);
  CHECK(runtimeRead("18446744073709551616u64", Elem::U64, 0).find("out of range for u64") != std::string::npos);
  CHECK(runtimeRead("empty([0][-5]i32)", Elem::I32, 2).find("dimension 1 in empty(...) is negative: -5") == 0);
  CHECK(runtimeRead("empty([0][99999999999999999999]i32)", Elem::I32, 2).find("is out of range") != std::string::npos);
  for (const char* ok : {"-128i8", "127i8", "255u8", "-2147483648", "2147483647", "0u8", "-0u8"})
    CHECK_MESSAGE(runtimeRead(ok, std::string(ok).find("u8") != std::string::npos ? Elem::U8
                                  : std::string(ok).find("i8") != std::string::npos ? Elem::I8
                                                                                   : Elem::I32,
                              0) == "ok",
                  ok);
  CHECK(runtimeRead("-9223372036854775808i64", Elem::I64, 0) == "ok");
  CHECK(runtimeRead("18446744073709551615u64", Elem::U64, 0) == "ok");
}

TEST_CASE("interp: the data reader rejects bad binary shapes, naming the argument") {
  auto i32s1 = arrayOf(PrimType::I32, 1), i32s2 = arrayOf(PrimType::I32, 2);
  CHECK(interpRead(binaryI32({-1}, 0), {i32s1}).find("argument 1: dimension 0 of the shape [-1] is negative") == 0);
  CHECK(interpRead("1 " + binaryI32({-2, -3}, 24), {prim(PrimType::I32), i32s2})
            .find("argument 2: dimension 0 of the shape [-2][-3] is negative") == 0);
  CHECK(interpRead(binaryI32({k2to62, 4}, 16), {i32s2}).find("argument 1: the shape [4611686018427387904][4] has more elements than int64 can count") == 0);
  CHECK(interpRead(binaryI32({k2to32, k2to32}, 16), {i32s2}).find("has more elements than int64 can count") != std::string::npos);
  CHECK(interpRead(binaryI32({3}, 8), {i32s1}).find("argument 1: the shape [3] needs 3 elements of 4 bytes, but only 8 bytes are left") == 0);
  CHECK(interpRead(binaryI32({2, 2}, 16), {i32s2}) == "ok");
}

TEST_CASE("interp: the data reader rejects out-of-range literals and negative empty dimensions") {
  CHECK(interpRead("99999999999", {prim(PrimType::I32)}).find("argument 1: integer literal `99999999999` is out of range for i32") == 0);
  CHECK(interpRead("1 300u8", {prim(PrimType::I32), prim(PrimType::U8)}).find("argument 2: integer literal `300u8` is out of range for u8") == 0);
  CHECK(interpRead("-1u8", {prim(PrimType::U8)}).find("`-1u8` is out of range for u8") != std::string::npos);
  CHECK(interpRead("[1, 128]", {arrayOf(PrimType::I8, 1)}).find("`128` is out of range for i8") != std::string::npos);
  CHECK(interpRead("99999999999999999999", {prim(PrimType::I64)}).find("is out of range") != std::string::npos);
  CHECK(interpRead("9223372036854775808", {prim(PrimType::I64)}).find("out of range for i64") != std::string::npos);
  CHECK(interpRead("empty([0][-5]i32)", {arrayOf(PrimType::I32, 2)}).find("argument 1: dimension 1 in `empty(...)` is negative: -5") == 0);
  CHECK(interpRead("-9223372036854775808 18446744073709551615u64 -128i8 255u8",
                   {prim(PrimType::I64), prim(PrimType::U64), prim(PrimType::I8), prim(PrimType::U8)}) == "ok");
}

namespace {

const char* kArrayProgram = R"(
entry main (xs: []f32) (ys: [][]i32) : (f32, i64) = (f32.sum xs, length ys)
)";

// Calls the array constructors with bad shapes and prints what comes back.
const char* kArrayDriver = R"(#include "prog.h"
#include <cstdint>
#include <cstdio>
#include <cstdlib>

static void report(struct prog_context* ctx, const char* what, const void* arr) {
    char* error = prog_context_get_error(ctx);
    std::printf("%s: %s: %s\n", what, arr ? "array" : "NULL", error ? error : "no error");
    std::free(error);
}

int main() {
    struct prog_context_config* cfg = prog_context_config_new();
    struct prog_context* ctx = prog_context_new(cfg);
    float f[4] = {1, 2, 3, 4};
    int32_t i[4] = {1, 2, 3, 4};
    struct prog_f32_1d* a = prog_new_f32_1d(ctx, f, -1);
    report(ctx, "f32 [-1]", a);
    struct prog_i32_2d* b = prog_new_i32_2d(ctx, i, int64_t(1) << 62, 4);
    report(ctx, "i32 [2^62][4]", b);
    struct prog_i32_2d* c = prog_new_i32_2d(ctx, i, 2, -2);
    report(ctx, "i32 [2][-2]", c);
    struct prog_i32_2d* d = prog_new_i32_2d(ctx, i, 2, 2);
    report(ctx, "i32 [2][2]", d);
    if (d)
        prog_free_i32_2d(ctx, d);
    prog_context_free(ctx);
    prog_context_config_free(cfg);
    return 0;
}
)";

} // namespace

TEST_CASE("runtime: the C API's array constructors reject negative and overflowing shapes (OpenCL)") {
  std::string errors;
  auto files = generate("prog.fut", kArrayProgram, driver::Backend::OpenCL, errors);
  REQUIRE_MESSAGE(files, errors);
  fs::path dir = workDir("safe-input-api-opencl");
  writeFiles(*files, dir);
  writeFile(dir / "main.cpp", kArrayDriver);
  std::string out;
  REQUIRE_MESSAGE(runIn(dir, "g++ -std=c++17 -Wall -Wextra -Werror prog_host.cpp main.cpp -o "
                             "driver -lOpenCL && ./driver",
                        out) == 0,
                  out);
  INFO(out);
  CHECK(out.find("f32 [-1]: NULL: prog_new_f32_1d: dimension 0 of the shape [-1] is negative\n") != std::string::npos);
  CHECK(out.find("i32 [2^62][4]: NULL: prog_new_i32_2d: the shape [4611686018427387904][4] is too large for int64\n") != std::string::npos);
  CHECK(out.find("i32 [2][-2]: NULL: prog_new_i32_2d: dimension 1 of the shape [2][-2] is negative\n") != std::string::npos);
  CHECK(out.find("i32 [2][2]: array: no error\n") != std::string::npos);
}
