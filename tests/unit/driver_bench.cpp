// `fjord bench`'s statistics and JSON layout (testing/BenchStats.h), a whole bench run on
// PoCL (testing/Bench.h), and `fjord dataset`'s output format and determinism
// (testing/Dataset.h).
#include "testing/Bench.h"
#include "testing/BenchStats.h"
#include "testing/Dataset.h"
#include "interp/DataFormat.h"

#include <doctest/doctest.h>
#include <nlohmann/json.hpp>

#include <filesystem>
#include <fstream>

using namespace fjord;
using namespace fjord::testing;

TEST_CASE("bench: statistics of the runtimes") {
  RunStats s = runStats({40, 10, 30, 20});
  CHECK(s.mean == doctest::Approx(25));
  CHECK(s.median == doctest::Approx(25)); // even count: the mean of the middle two
  CHECK(s.min == 10);
  CHECK(s.max == 40);
  // sample standard deviation sqrt(500/3) = 12.9099..., over the mean 25
  CHECK(s.rsd == doctest::Approx(0.516398).epsilon(1e-5));

  RunStats odd = runStats({5, 1, 100});
  CHECK(odd.median == 5);
  CHECK(odd.mean == doctest::Approx(106.0 / 3));

  RunStats one = runStats({7.5});
  CHECK(one.rsd == 0);
  CHECK(one.median == 7.5);
  RunStats none = runStats({});
  CHECK(none.mean == 0);
  CHECK(none.max == 0);
}

TEST_CASE("bench: results are written in futhark bench's JSON layout") {
  BenchResults results;
  results["b/map.fut:main"]["#0 (\"[10]f32\")"] = DatasetResult{{12.4, 12.6, 1500.5}, 4096, ""};
  results["b/map.fut:other"]["#1 (\"1i32\")"] = DatasetResult{{}, 0, "wrong result: value 0"};
  nlohmann::json json = nlohmann::json::parse(benchJson(results));
  const nlohmann::json& data = json["b/map.fut:main"]["datasets"]["#0 (\"[10]f32\")"];
  CHECK(data["runtimes"] == nlohmann::json::array({12, 13, 1501})); // whole microseconds
  CHECK(data["bytes"]["device"] == 4096);
  CHECK(data["stderr"] == "");
  // A failed dataset is its error message.
  CHECK(json["b/map.fut:other"]["datasets"]["#1 (\"1i32\")"] == "wrong result: value 0");
  CHECK(json.size() == 2);
}

TEST_CASE("dataset: random values in the binary format, the same for the same seed") {
  DatasetArgs args;
  args.generate = {"[3][2]f32", "i64"};
  args.binary = true;
  args.seed = 7;
  std::string error;
  auto data = generateDataset(args, error);
  REQUIRE_MESSAGE(data, error);
  // b, version 2, rank 2, " f32", two u64 dimensions, 6 floats; then a scalar i64.
  CHECK(data->size() == (7 + 16 + 6 * 4) + (7 + 8));
  CHECK(data->substr(0, 7) == std::string("b\x02\x02 f32", 7));
  auto again = generateDataset(args, error);
  CHECK(again == data);
  args.seed = 8;
  CHECK(generateDataset(args, error) != data);

  auto values = interp::readAllValues(*data, error);
  REQUIRE_MESSAGE(values, error);
  REQUIRE(values->size() == 2);
  CHECK((*values)[0].shape() == std::vector<int64_t>{3, 2});
}

TEST_CASE("dataset: text output, value ranges and constant values") {
  DatasetArgs args;
  args.generate = {"[50]i32", "3i64"};
  args.seed = 1;
  REQUIRE(parseBounds("i32", "-5:-3", args.bounds));
  std::string error;
  auto text = generateDataset(args, error);
  REQUIRE_MESSAGE(text, error);
  auto values = interp::readAllValues(*text, error);
  REQUIRE_MESSAGE(values, error);
  REQUIRE(values->size() == 2);
  for (const interp::Value& v : (*values)[0].elems()) {
    CHECK(v.prim().asDouble() >= -5);
    CHECK(v.prim().asDouble() <= -3);
  }
  CHECK(text->substr(text->rfind('\n', text->size() - 2) + 1) == "3i64\n");
  CHECK(text->rfind("[", 0) == 0);
  CHECK(text->find("i32") != std::string::npos);

  CHECK_FALSE(parseBounds("f32", "1", args.bounds));
  CHECK_FALSE(parseBounds("f32", "2:1", args.bounds));
  CHECK_FALSE(parseBounds("f32", "a:b", args.bounds));
  args.generate = {"[2]notatype"};
  CHECK_FALSE(generateDataset(args, error));
  CHECK(error.find("-g [2]notatype") != std::string::npos);
}

TEST_CASE("bench: runs datasets on PoCL, times checked results, reports wrong ones as failures") {
  namespace fs = std::filesystem;
  fs::path dir = fs::path(FJORD_BINARY_DIR) / "backend-tests" / "bench-run";
  fs::remove_all(dir);
  fs::create_directories(dir / "progs");
  std::ofstream(dir / "progs" / "twice.fut") << R"(-- ==
-- input { [1f32, 2f32] } output { [2f32, 4f32] }
-- input { [1f32, 2f32] } output { [2f32, 5f32] }
-- input { [1f32] } error: never
-- random input { [1000]f32 } auto output
entry main (xs: []f32) : []f32 = map (* 2) xs
)";
  std::ofstream(dir / "progs" / "skipped.fut") << R"(-- ==
-- tags { nobench }
-- input { 1 } output { 1 }
entry main (x: i32) : i32 = x
)";
  BenchArgs args;
  args.paths = {(dir / "progs").string()};
  args.runs = 3;
  args.jsonFile = (dir / "results.json").string();
  args.cacheDir = (dir / "cache").string();
  CHECK(cmdBench(args) == 1); // one wrong result
  std::ifstream in(dir / "results.json");
  nlohmann::json json = nlohmann::json::parse(in);
  std::string key = (dir / "progs" / "twice.fut").string() + ":main";
  REQUIRE(json.contains(key));
  CHECK(json.size() == 1); // nobench skipped the other program
  const nlohmann::json& sets = json[key]["datasets"];
  CHECK(sets.size() == 3); // the case expecting an error is not a benchmark
  CHECK(sets["#0 (\"[1f32, 2f32]\")"]["runtimes"].size() == 3);
  CHECK(sets["#1 (\"[1f32, 2f32]\")"].get<std::string>().rfind("wrong result", 0) == 0);
  CHECK(sets["#3 (\"[1000]f32\")"]["runtimes"].size() == 3);
  CHECK(sets["#3 (\"[1000]f32\")"]["bytes"]["device"].get<int64_t>() >= 2 * 4000);
  // A second run finds the executable in the cache: nothing is rebuilt.
  fs::path exeDir;
  for (const auto& e : fs::recursive_directory_iterator(dir / "cache"))
    if (e.path().filename() == "build.stamp")
      exeDir = e.path().parent_path();
  REQUIRE(!exeDir.empty());
  auto built = fs::last_write_time(exeDir / "twice");
  CHECK(cmdBench(args) == 1);
  CHECK(fs::last_write_time(exeDir / "twice") == built);
}
