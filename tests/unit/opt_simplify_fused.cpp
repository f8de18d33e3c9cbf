// The second simplification, after fusion ("simplify-fused"): the rules fire inside the
// fused SOAC lambdas (flag conversions, copies, dead bindings), stated as IR text.
#include "ir_text_util.h"
#include "driver/PassTable.h"
#include "ir/Count.h"
#include "ir/Print.h"
#include "opt/Simplify.h"
#include "support/Diagnostics.h"

#include <doctest/doctest.h>

using namespace fjord;

namespace {

/// Runs the passes of the table from `fuse` to the end of the `fused` stage (fusion, then
/// what follows it in opt/).
ir::Prog fuseAndAfter(ir::Prog p) {
  DiagnosticEngine diags;
  driver::PassContext ctx{diags, "test.fut"};
  driver::StageProgram program = std::move(p);
  bool started = false;
  for (const driver::Pass& pass : driver::passTable()) {
    started = started || std::string(pass.name) == "fuse";
    if (!started)
      continue;
    program = pass.run(std::move(program), ctx);
    if (pass.endsStage && std::string(pass.endsStage) == "fused")
      break;
  }
  return std::get<ir::Prog>(std::move(program));
}

// `flags = map (\x -> i64.bool (x > 0)) xs` then `map2 (\f x -> if f != 0 then x else 0)`:
// the shape filter fusion leaves; the consumer also copies x and binds a dead value.
const char* kFlagsThenSelect = R"(fun f(n_1 : i64, xs_2 : [n_1]i32) : {[n_1]i32} = {
  let {flags_6 : [n_1]i64} = screma(n_1, {xs_2})
    map \(x_3 : i32) : {i64} -> {
      let {pos_4 : bool} = gt.i32 x_3 0i32
      let {flag_5 : i64} = convert.bool.i64 pos_4
      in {flag_5}
    }
    scan {}
    reduce {}
  let {ys_14 : [n_1]i32} = screma(n_1, {flags_6, xs_2})
    map \(g_7 : i64, x_8 : i32) : {i32} -> {
      let {keep_9 : bool} = ne.i64 g_7 0i64
      let {y_10 : i32} = x_8
      let {unused_11 : i32} = mul.i32 y_10 7i32
      let {r_12 : i32} = if keep_9
        then {
          in {y_10}
        }
        else {
          in {0i32}
        }
        : {i32}
      in {r_12}
    }
    scan {}
    reduce {}
  in {ys_14}
}
)";

} // namespace

TEST_CASE("opt: simplify-fused runs right after fuse") {
  const auto& table = driver::passTable();
  const driver::Pass* fuse = driver::findPass("fuse");
  REQUIRE(fuse != nullptr);
  size_t at = static_cast<size_t>(fuse - table.data());
  REQUIRE(at + 1 < table.size());
  CHECK(std::string(table[at + 1].name) == "simplify-fused");
}

TEST_CASE("opt (IR text): the lambda of a fused map is simplified after fusion") {
  ir::Prog p = testir::afterCorePass(kFlagsThenSelect, fuseAndAfter);
  CHECK(ir::countConstructs(p)["Screma"] == 1);
  // `f != 0` of `convert.bool f` is the comparison itself; the copy and the dead product go.
  CHECK(ir::printProg(p) == R"(fun f(n_1 : i64, xs_2 : [n_1]i32) : {[n_1]i32} = {
  let {ys_14 : [n_1]i32} = screma(n_1, {xs_2})
    map \(x_3 : i32) : {i32} -> {
      let {pos_4 : bool} = gt.i32 x_3 0i32
      let {r_12 : i32} = if pos_4
        then {
          in {x_3}
        }
        else {
          in {0i32}
        }
        : {i32}
      in {r_12}
    }
    scan {}
    reduce {}
  in {ys_14}
}
)");
}

TEST_CASE("opt: a flag converted from bool and compared with 0 or 1 is the bool or its negation") {
  ir::Prog p = testir::afterCorePass(R"(fun f(b_1 : bool) : {bool, bool, bool, bool, bool} = {
  let {x_2 : i32} = convert.bool.i32 b_1
  let {c_3 : bool} = ne.i32 x_2 0i32
  let {c_4 : bool} = eq.i32 1i32 x_2
  let {c_5 : bool} = eq.i32 x_2 0i32
  let {c_6 : bool} = ne.i32 x_2 1i32
  let {c_7 : bool} = eq.i32 x_2 2i32
  in {c_3, c_4, c_5, c_6, c_7}
}
)", opt::simplify);
  // x == 2 is false for x in {0, 1}, but that is a range fact the rule does not claim.
  CHECK(ir::printProg(p) == R"(fun f(b_1 : bool) : {bool, bool, bool, bool, bool} = {
  let {x_2 : i32} = convert.bool.i32 b_1
  let {c_5 : bool} = not.bool b_1
  let {c_7 : bool} = eq.i32 x_2 2i32
  in {b_1, b_1, c_5, c_5, c_7}
}
)");
}
