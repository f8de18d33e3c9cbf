// End-to-end interpreter tests: parse + check with the prelude, read arguments in the data
// format, run an entry point, print the results as Futhark does.
#include "interp/DataFormat.h"
#include "interp/Interpreter.h"
#include "sema_test_util.h"

#include <doctest/doctest.h>

#include <memory>
#include <optional>

namespace fjord::sematest {

/// Runs `entry` of `source` on `input`; the printed results one per line, or the rendered
/// diagnostics.
std::string run(const std::string& source, const std::string& entry, const std::string& input) {
  auto c = checkSource(source);
  if (!c->program)
    return c->diags.render();
  const ast::Decl* e = c->program->findEntry(entry);
  if (!e)
    return "no entry";
  std::string error;
  auto args = interp::readValues(input, interp::entryParamTypes(*e), error);
  if (!args)
    return "input error: " + error;
  interp::Interpreter in(*c->program);
  DiagnosticEngine diags;
  auto results = in.callEntry(entry, *args, diags);
  if (!results)
    return diags.render();
  std::vector<TypeRef> types = interp::entryResultTypes(*e);
  std::string out;
  for (size_t i = 0; i < results->size(); ++i)
    out += interp::printValue((*results)[i], i < types.size() ? types[i] : nullptr) + "\n";
  return out;
}
} // namespace fjord::sematest

using fjord::sematest::run;

TEST_CASE("interp: scale") {
  const char* p = "entry scale (xs: []f32) : []f32 = map (\\x -> 2 * x + 1) xs";
  CHECK(run(p, "scale", "[1f32, 2f32, 3.5f32]") == "[3.0f32, 5.0f32, 8.0f32]\n");
  CHECK(run(p, "scale", "empty([0]f32)") == "empty([0]f32)\n");
}

TEST_CASE("interp: sum and dot") {
  const char* p = "entry sum (xs: []f32) : f32 = reduce (+) 0 xs\n"
                  "entry dot [n] (xs: [n]f32) (ys: [n]f32) : f32 = reduce (+) 0 (map2 (*) xs ys)\n";
  CHECK(run(p, "sum", "[1f32, 2f32, 3.5f32]") == "6.5f32\n");
  CHECK(run(p, "sum", "[1, 2, 3]") == "6.0f32\n");
  CHECK(run(p, "dot", "[1f32, 2f32, 3f32] [4f32, 5f32, 6f32]") == "32.0f32\n");
}

TEST_CASE("interp: rowsums with size parameters") {
  const char* p =
      "entry rowsums [n][m] (a: [n][m]f64) : [n]f64 = map (\\r -> reduce (+) 0 r) a";
  CHECK(run(p, "rowsums", "[[1.0, 2.0], [3.0, 4.5]]") == "[3.0f64, 7.5f64]\n");
  CHECK(run(p, "rowsums", "empty([0][3]f64)") == "empty([0]f64)\n");
}

TEST_CASE("interp: argmax") {
  const char* p =
      "entry argmax [n] (xs: [n]i32) : (i32, i64) =\n"
      "  reduce (\\(a,i) (b,j) -> if a > b || (a == b && i < j) then (a,i) else (b,j))\n"
      "         (i32.lowest, -1) (zip xs (iota n))\n";
  CHECK(run(p, "argmax", "[3, 9, 2, 9, 1]") == "9i32\n1i64\n");
  CHECK(run(p, "argmax", "empty([0]i32)") == "-2147483648i32\n-1i64\n");
}
