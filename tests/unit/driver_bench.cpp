// `fjord bench`'s statistics and JSON layout (driver/BenchStats.h), and `fjord dataset`'s
// output format and determinism (driver/Dataset.h).
#include "driver/BenchStats.h"
#include "driver/Dataset.h"
#include "interp/DataFormat.h"

#include <doctest/doctest.h>
#include <nlohmann/json.hpp>

using namespace fjord;
using namespace fjord::driver;

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
