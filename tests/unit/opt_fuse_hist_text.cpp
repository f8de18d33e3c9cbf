// Fusion of a map into the histogram that reads its results (Note [Map into hist]), stated
// as IR text: parse, fuse and simplify, compare the printed result.
#include "ir_text_util.h"
#include "ir/Print.h"
#include "opt/Fuse.h"
#include "opt/Simplify.h"

#include <doctest/doctest.h>

using namespace fjord;

namespace {

std::string fuseText(const std::string& text) {
  return ir::printProg(
      testir::afterCorePass(text, [](ir::Prog p) { return opt::simplify(opt::fuse(std::move(p))); }));
}

/// `is = map (% 8) xs` feeding `hist (+) 0 8 is xs`; the function returns `results`.
std::string mapThenHist(const std::string& results, const std::string& retTypes) {
  return R"(fun f(n_1 : i64, xs_2 : [n_1]i64) : {)" + retTypes + R"(} = {
  #[prov "map"]
  let {is_5 : [n_1]i64} = screma(n_1, {xs_2})
    map \(x_3 : i64) : {i64} -> {
      let {b_4 : i64} = mod.i64 x_3 8i64
      in {b_4}
    }
    scan {}
    reduce {}
  let {z_6 : [8i64]i64} = replicate [8i64] 0i64
  #[prov "hist"]
  let {h_12 : [8i64]i64} = hist(n_1, {is_5, xs_2})
    ops {
      (8i64, {z_6}, (commutative \(a_7 : i64, c_8 : i64) : {i64} -> {
        let {s_9 : i64} = add.i64 a_7 c_8
        in {s_9}
      }, {0i64}))
    }
    bucket \(i_10 : i64, v_11 : i64) : {i64, i64} -> {
      in {i_10, v_11}
    }
  in {)" + results + R"(}
}
)";
}

} // namespace

TEST_CASE("opt (IR text): a map fuses into the histogram that reads its results") {
  // The bucket function computes the index from the input element; xs, read by both, is
  // one input.
  CHECK(fuseText(mapThenHist("h_12", "[8i64]i64")) == R"(fun f(n_1 : i64, xs_2 : [n_1]i64) : {[8i64]i64} = {
  let {z_6 : [8i64]i64} = replicate [8i64] 0i64
  #[prov "hist"]
  let {h_12 : [8i64]i64} = hist(n_1, {xs_2})
    ops {
      (8i64, {z_6}, (commutative \(a_7 : i64, c_8 : i64) : {i64} -> {
        let {s_9 : i64} = add.i64 a_7 c_8
        in {s_9}
      }, {0i64}))
    }
    bucket \(x_3 : i64) : {i64, i64} -> {
      let {b_4 : i64} = mod.i64 x_3 8i64
      in {b_4, x_3}
    }
  in {h_12}
}
)");
}

TEST_CASE("opt (IR text): a map whose results are used after the histogram does not fuse") {
  // Fusing would compute is twice (or drop it): the map stays a statement of its own.
  std::string out = fuseText(mapThenHist("h_12, is_5", "[8i64]i64, [n_1]i64"));
  CHECK(out.find("screma(n_1, {xs_2})") != std::string::npos);
  CHECK(out.find("hist(n_1, {is_5, xs_2})") != std::string::npos);
}
