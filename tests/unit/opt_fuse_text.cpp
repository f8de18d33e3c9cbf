// Fusion tests stated as IR text (the style tests should follow, see ir/Parse.h): parse a
// small core program, run `fuse` then `simplify`, and compare the printed result with the
// expected text. Compare opt_Fuse.cpp, which builds the same programs with ir::Builder.
#include "ir_text_util.h"
#include "ir/Equal.h"
#include "ir/Parse.h"
#include "ir/Print.h"
#include "ir/Verify.h"
#include "opt/Fuse.h"
#include "opt/Simplify.h"

#include <doctest/doctest.h>

using namespace fjord;

namespace {

/// Parses `text` (which must verify as core IR), fuses and simplifies it, and returns the
/// printed result.
std::string fuseText(const std::string& text) {
  return ir::printProg(
      testir::afterCorePass(text, [](ir::Prog p) { return opt::simplify(opt::fuse(std::move(p))); }));
}

/// `ys = map (*2) xs` feeding `r = reduce (+) 0 ys`; the function returns `results`.
std::string mapThenReduce(const std::string& results, const std::string& retTypes) {
  return R"(fun f(n_1 : i64, xs_2 : [n_1]f32) : {)" + retTypes + R"(} = {
  #[prov "map"]
  let {ys_5 : [n_1]f32} = screma(n_1, {xs_2})
    map \(x_3 : f32) : {f32} -> {
      let {y_4 : f32} = mul.f32 x_3 2.0f32
      in {y_4}
    }
    scan {}
    reduce {}
  #[prov "reduce"]
  let {r_10 : f32} = screma(n_1, {ys_5})
    map \(x_6 : f32) : {f32} -> {
      in {x_6}
    }
    scan {}
    reduce {
      (\(a_7 : f32, b_8 : f32) : {f32} -> {
        let {s_9 : f32} = add.f32 a_7 b_8
        in {s_9}
      }, {0.0f32})
    }
  in {)" + results + R"(}
}
)";
}

} // namespace

TEST_CASE("opt (IR text): a map fuses into the reduce that consumes it") {
  // The reduce's identity map disappears: the producer's lambda computes its operand.
  CHECK(fuseText(mapThenReduce("r_10", "f32")) == R"(fun f(n_1 : i64, xs_2 : [n_1]f32) : {f32} = {
  #[prov "map_reduce"]
  let {r_10 : f32} = screma(n_1, {xs_2})
    map \(x_3 : f32) : {f32} -> {
      let {y_4 : f32} = mul.f32 x_3 2.0f32
      in {y_4}
    }
    scan {}
    reduce {
      (\(a_7 : f32, b_8 : f32) : {f32} -> {
        let {s_9 : f32} = add.f32 a_7 b_8
        in {s_9}
      }, {0.0f32})
    }
  in {r_10}
}
)");
}

TEST_CASE("opt (IR text): a producer used elsewhere stays a result of the fused screma") {
  // No work is duplicated: ys is computed once, by the fused screma (reduction results first).
  CHECK(fuseText(mapThenReduce("r_10, ys_5", "f32, [n_1]f32")) == R"(fun f(n_1 : i64, xs_2 : [n_1]f32) : {f32, [n_1]f32} = {
  #[prov "map_reduce"]
  let {r_10 : f32, ys_5 : [n_1]f32} = screma(n_1, {xs_2})
    map \(x_3 : f32) : {f32, f32} -> {
      let {y_4 : f32} = mul.f32 x_3 2.0f32
      in {y_4, y_4}
    }
    scan {}
    reduce {
      (\(a_7 : f32, b_8 : f32) : {f32} -> {
        let {s_9 : f32} = add.f32 a_7 b_8
        in {s_9}
      }, {0.0f32})
    }
  in {r_10, ys_5}
}
)");
}
