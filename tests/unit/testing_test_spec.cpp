// Unit tests of the test-block parser (testing/TestSpec.h): several blocks per file and
// structure checks that count only the entry points their block names; random input data.
#include "testing/TestData.h"
#include "testing/TestSpec.h"

#include <doctest/doctest.h>

#include <set>

using namespace fjord::testing;

TEST_CASE("testing: every test block of a file is read") {
  std::string error;
  auto spec = parseTestSpec("-- first\n-- ==\n-- entry: inc\n-- input { 1 } output { 2 }\n"
                            "entry inc (x: i32) = x + 1\n\n"
                            "-- ==\n-- input { 3 } output { 6 }\n"
                            "entry main (x: i32) = x * 2\n",
                            error);
  REQUIRE(spec);
  CHECK(error.empty());
  CHECK(spec->description == "first");
  REQUIRE(spec->cases.size() == 2);
  CHECK(spec->cases[0].entries == std::vector<std::string>{"inc"});
  CHECK(spec->cases[0].line == 4);
  // The second block starts again at `main`.
  CHECK(spec->cases[1].entries == std::vector<std::string>{"main"});
  CHECK(spec->cases[1].line == 8);
}

TEST_CASE("testing: structure checks after `entry:` name their entry points") {
  std::string error;
  auto spec = parseTestSpec("-- ==\n-- structure gpu { SegMap 2 }\n-- entry: a b\n"
                            "-- input { 1 } output { 1 }\n-- structure gpu { SegRed 1 }\n"
                            "def x = 1\n",
                            error);
  REQUIRE(spec);
  REQUIRE(spec->structures.size() == 2);
  CHECK(spec->structures[0].entries.empty()); // before any `entry:`: the whole program
  CHECK(spec->structures[0].counts == std::vector<std::pair<std::string, int>>{{"SegMap", 2}});
  CHECK(spec->structures[1].entries == std::vector<std::string>{"a", "b"});
  CHECK(spec->structures[1].stage == "gpu");
}

TEST_CASE("testing: a malformed second block is an error") {
  std::string error;
  auto spec = parseTestSpec("-- ==\n-- input { 1 } output { 1 }\ndef x = 1\n-- ==\n-- frobnicate\n",
                            error);
  CHECK_FALSE(spec);
  CHECK(error == "line 5: unknown test directive `frobnicate`");
}

TEST_CASE("testing: a file without a test block has no spec") {
  std::string error;
  CHECK_FALSE(parseTestSpec("-- just a comment\ndef x = 1\n", error));
  CHECK(error.empty());
}

TEST_CASE("testing: random f16 input is binary16 values from 0 up to (not including) 1") {
  std::string error;
  auto data = randomInput("[200]f16", 7, error);
  REQUIRE_MESSAGE(data.has_value(), error);
  // 'b', version 2, rank 1, " f16", one 8-byte dimension, then 200 two-byte values.
  REQUIRE(data->size() == 1 + 1 + 1 + 4 + 8 + 200 * 2);
  CHECK(data->substr(3, 4) == " f16");
  std::set<uint16_t> seen;
  for (size_t i = 0; i < 200; ++i) {
    auto lo = static_cast<unsigned char>((*data)[15 + 2 * i]);
    auto hi = static_cast<unsigned char>((*data)[16 + 2 * i]);
    auto bits = static_cast<uint16_t>(lo | hi << 8);
    CHECK(bits < 0x3c00); // non-negative and below 1.0
    seen.insert(bits);
  }
  CHECK(seen.size() > 100);
}
