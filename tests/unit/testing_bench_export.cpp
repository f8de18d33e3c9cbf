// `fjord bench --export` (testing/BenchExport.h): what travels to a GPU machine without
// Fjord — generated CUDA, small inputs and expected values as files, large random inputs as
// types and seed — and the manifest that scripts/bench_gpu.py reads.
#include "testing/Bench.h"
#include "testing/Process.h"

#include <doctest/doctest.h>
#include <nlohmann/json.hpp>

#include <filesystem>
#include <unistd.h>

using namespace fjord::testing;
namespace fs = std::filesystem;

namespace {

const char* kProgram = R"(-- ==
-- random input { [4]i32 } auto output
-- compiled random input { [100000]i32 }
-- input { [1, 2] } output { [2, 3] }
entry main (xs: []i32) : []i32 = map (+ 1) xs
)";

} // namespace

TEST_CASE("bench export: CUDA, small inputs as files, large random inputs as descriptions") {
  fs::path dir = fs::temp_directory_path() / ("fjord-export-test-" + std::to_string(::getpid()));
  fs::remove_all(dir);
  fs::create_directories(dir / "src");
  fs::path program = dir / "src" / "inc.fut";
  REQUIRE(writeWholeFile(program.string(), kProgram));
  BenchArgs args;
  args.paths = {program.string()};
  args.backend = "cuda";
  args.exportDir = (dir / "out").string();
  args.exportMaxBytes = 1000; // [4]i32 is written, [100000]i32 (400 KB) only described
  args.flushL2 = true;
  REQUIRE(cmdBench(args) == 0);

  auto manifest = nlohmann::json::parse(readWholeFile((dir / "out" / "manifest.json").string()));
  CHECK(manifest["options"]["flush_l2"] == true);
  REQUIRE(manifest["programs"].size() == 1);
  const auto& prog = manifest["programs"][0];
  fs::path folder = dir / "out" / prog["dir"].get<std::string>();
  CHECK(prog["stem"] == "inc");
  CHECK(fs::exists(folder / "inc.cu"));
  CHECK(fs::exists(folder / "inc_main.cpp"));
  const auto& sets = prog["datasets"];
  REQUIRE(sets.size() == 3);

  // The small random input: Fjord's own bytes, and the interpreter's result as text.
  CHECK(sets[0]["key"] == program.string() + ":main");
  CHECK(sets[0]["name"] == "#0 (\"[4]i32\")");
  CHECK(sets[0]["input"] == "2.in");
  CHECK(fs::file_size(folder / "2.in") == 7 + 8 + 4 * 4);
  std::string expected = readWholeFile((folder / "2_main.expected").string());
  CHECK(expected.rfind("[", 0) == 0);
  CHECK(expected.find("i32") != std::string::npos);

  // The large one: types and the seed that `fjord bench` would draw it with, no file.
  CHECK(sets[1]["random"] == "[100000]i32");
  CHECK(sets[1]["seed"] == 0x5eed0000u + 3);
  CHECK(sets[1]["expected"].is_null());
  CHECK_FALSE(sets[1].contains("input"));
  CHECK_FALSE(fs::exists(folder / "3.in"));

  // A literal input and its given output.
  CHECK(sets[2]["input"] == "4.in");
  CHECK(readWholeFile((folder / "4_main.expected").string()) == "[2i32, 3i32]\n");

  // Exports are CUDA only.
  args.backend = "opencl";
  CHECK(cmdBench(args) == 1);
  fs::remove_all(dir);
}
