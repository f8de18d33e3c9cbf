// Unit tests of the test-block parser (testing/TestSpec.h): several blocks per file and
// structure checks that count only the entry points their block names; random input data;
// data files, case names and tags, script input, warning:, gzip.
#include "testing/DataFile.h"
#include "testing/TestData.h"
#include "testing/TestRunner.h"
#include "testing/TestScript.h"
#include "testing/TestSpec.h"
#include "interp/DataFormat.h"

#include <doctest/doctest.h>

#include <filesystem>
#include <fstream>
#include <set>
#include <unistd.h>

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

TEST_CASE("testing: data files follow `input @` and `output @` up to white space") {
  std::string error;
  auto spec = parseTestSpec("-- ==\n-- input @ data/a.in.gz output @ data/a.out\n"
                            "-- input @ b.in output { 3 }\ndef main (x: i32) = x\n",
                            error);
  REQUIRE(spec);
  REQUIRE(spec->cases.size() == 2);
  CHECK(spec->cases[0].inputFile == "data/a.in.gz");
  CHECK(spec->cases[0].outputFile == "data/a.out");
  CHECK_FALSE(spec->cases[0].output);
  CHECK(spec->cases[1].inputFile == "b.in");
  CHECK(spec->cases[1].output == " 3 ");
}

TEST_CASE("testing: case names, tags and `compiled` apply to the next input only") {
  std::string error;
  auto spec = parseTestSpec("-- ==\n-- tags { no_python no_wasm }\n"
                            "-- \"big one\" compiled nobench no_opencl input { 1 } output { 1 }\n"
                            "-- input { 2 } output { 2 }\ndef main (x: i32) = x\n",
                            error);
  REQUIRE(spec);
  CHECK(spec->tags == std::vector<std::string>{"no_python", "no_wasm"});
  REQUIRE(spec->cases.size() == 2);
  CHECK(spec->cases[0].name == "big one");
  CHECK(spec->cases[0].compiledOnly);
  CHECK(spec->cases[0].tags == std::vector<std::string>{"compiled", "nobench", "no_opencl"});
  CHECK_FALSE(spec->cases[1].name);
  CHECK_FALSE(spec->cases[1].compiledOnly);
  CHECK(spec->cases[1].tags.empty());
}

TEST_CASE("testing: script input inline and from a file, and warning:") {
  std::string error;
  auto spec = parseTestSpec("-- ==\n-- warning: unused .* x\n"
                            "-- script input { mk 10i64 } auto output\n"
                            "-- script input @ data/s.txt output { 1 }\ndef main (x: i32) = x\n",
                            error);
  REQUIRE(spec);
  CHECK(spec->warningRegex == "unused .* x");
  CHECK_FALSE(spec->compileErrorRegex);
  REQUIRE(spec->cases.size() == 2);
  CHECK(spec->cases[0].scriptInput == " mk 10i64 ");
  CHECK(spec->cases[0].autoOutput);
  CHECK(spec->cases[1].scriptFile == "data/s.txt");
  CHECK(spec->cases[1].line == 4);
}

TEST_CASE("testing: property blocks are read (and not run)") {
  std::string error;
  auto spec = parseTestSpec("-- ==\n-- property: rev_twice sorted\n#[prop]\nentry rev_twice = true\n",
                            error);
  REQUIRE(spec);
  CHECK(spec->properties == std::vector<std::string>{"rev_twice", "sorted"});
  CHECK(spec->cases.empty());
}

TEST_CASE("testing: malformed new directives are located errors") {
  std::string error;
  CHECK_FALSE(parseTestSpec("-- ==\n-- input { 1 }\n-- output @\ndef x = 1\n", error));
  CHECK(error == "line 3: expected a file name after `output @`");
  CHECK_FALSE(parseTestSpec("-- ==\n-- script { f 1 }\ndef x = 1\n", error));
  CHECK(error == "line 2: expected `input` after `script`");
  CHECK_FALSE(parseTestSpec("-- ==\n-- \"unclosed input { 1 }\ndef x = 1\n", error));
  CHECK(error == "line 2: unterminated data set name");
}

TEST_CASE("testing: random input mixes constants with types, as Futhark allows") {
  std::string error;
  auto data = randomInput("10 [3]i32 -2i64 0.5f32 true", 1, error);
  REQUIRE(data);
  auto values = fjord::interp::readAllValues(*data, error);
  REQUIRE(values);
  REQUIRE(values->size() == 5);
  CHECK(fjord::interp::printValue((*values)[0]) == "10i32");
  CHECK((*values)[1].shape() == std::vector<int64_t>{3});
  CHECK(fjord::interp::printValue((*values)[2]) == "-2i64");
  CHECK(fjord::interp::printValue((*values)[3]) == "0.5f32");
  CHECK(fjord::interp::printValue((*values)[4]) == "true");
  CHECK_FALSE(randomInput("[n]i32", 1, error));
  CHECK(error == "random input needs constant sizes (like [100]i32), got `[n]i32`");
  CHECK_FALSE(randomInput("10q", 1, error));
  CHECK(error.find("`10q` is neither a type nor a constant") != std::string::npos);
}

TEST_CASE("testing: gzip'd data is decompressed, corrupt data is an error") {
  // `printf '1i32\n' | gzip -n`, written out byte by byte.
  const unsigned char gz[] = {0x1f, 0x8b, 0x08, 0x00, 0x00, 0x00, 0x00, 0x00, 0x00, 0x03,
                              0x33, 0xcc, 0x34, 0x36, 0xe2, 0x02, 0x00, 0x04, 0x38, 0xc5,
                              0x37, 0x05, 0x00, 0x00, 0x00};
  std::string error;
  auto plain = gunzip(std::string(reinterpret_cast<const char*>(gz), sizeof gz), error);
  REQUIRE(plain);
  CHECK(*plain == "1i32\n");
  CHECK_FALSE(gunzip("not gzip", error));
  CHECK(error.find("not valid gzip data") == 0);
}

TEST_CASE("testing: script input calls an entry point, or says what it cannot evaluate") {
  fjord::DiagnosticEngine diags;
  auto prog = fjord::driver::loadProgramText(
      "t.fut", "entry mk (n: i64) : ([]i64, i32) = (iota n, 7)\nentry main (xs: []i64) (k: i32) = k\n",
      diags);
  REQUIRE(prog);
  ScriptResult call = evalScriptInput(" (mk 3i64) ", "t.fut", prog.get());
  REQUIRE(call.data);
  std::string error;
  auto values = fjord::interp::readAllValues(*call.data, error);
  REQUIRE(values);
  REQUIRE(values->size() == 2); // the tuple is passed as two arguments
  CHECK(fjord::interp::printValue((*values)[0]) == "[0i64, 1i64, 2i64]");
  CHECK(fjord::interp::printValue((*values)[1]) == "7i32");

  ScriptResult nested = evalScriptInput("mk (i64.i32 3)", "t.fut", prog.get());
  CHECK_FALSE(nested.data);
  CHECK(nested.unsupported);
  CHECK(nested.error.find("script input is not supported yet") == 0);

  ScriptResult builtin = evalScriptInput("$loadbytes \"x\"", "t.fut", prog.get());
  CHECK(builtin.unsupported);
  CHECK(builtin.error == "script input is not supported yet: the builtin `$loadbytes`");

  ScriptResult unknown = evalScriptInput("nope 1", "t.fut", prog.get());
  CHECK_FALSE(unknown.unsupported); // a mistake in the test, not a missing feature
  CHECK(unknown.error == "script input calls `nope`, which is not an entry point");

  ScriptResult noProgram = evalScriptInput("mk 3i64", "t.fut", nullptr);
  CHECK(noProgram.unsupported);
}

TEST_CASE("testing: --no-structure skips structure lines written for Futhark's IR") {
  namespace fs = std::filesystem;
  fs::path dir = fs::temp_directory_path() / ("fjord-no-structure-" + std::to_string(::getpid()));
  fs::create_directories(dir);
  fs::path file = dir / "futhark_ir.fut";
  std::ofstream(file) << "-- ==\n-- input { 2 } output { 4 }\n-- structure { /Screma 1 }\n"
                         "entry main (x: i32) : i32 = x * 2\n";
  TestArgs args;
  args.paths = {file.string()};
  args.jobs = 1;
  CHECK(cmdTest(args) == 1); // Fjord's IR has no `/Screma`
  args.noStructure = true;
  CHECK(cmdTest(args) == 0);
  fs::remove_all(dir);
}
