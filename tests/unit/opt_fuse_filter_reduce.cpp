// Filter-into-reduce fusion (Note [Filter into reduce] in opt/FuseFilterReduce.h) on the IR
// that internalisation produces for `reduce (+) 0 (filter (> 2) xs)`, and on variations of
// it that the rule must leave alone.
#include "ir_text_util.h"
#include "ir/Count.h"
#include "ir/Parse.h"
#include "ir/Print.h"
#include "ir/Verify.h"
#include "opt/Fuse.h"

#include <doctest/doctest.h>

using namespace fjord;

namespace {

const char* kFilterSum = R"(fun f(n_1 : i64, xs_2 : [n_1]i32) : {i32} = {
  let {offsets_9 : [n_1]i64, flags_10 : [n_1]i64} = screma(n_1, {xs_2})
    map \(x_3 : i32) : {i64, i64} -> {
      let {cmp_4 : bool} = gt.i32 x_3 2i32
      let {flag_5 : i64} = convert.bool.i64 cmp_4
      in {flag_5, flag_5}
    }
    scan {
      (commutative \(x_6 : i64, y_7 : i64) : {i64} -> {
        let {t_8 : i64} = add.i64 x_6 y_7
        in {t_8}
      }, {0i64})
    }
    reduce {}
  let {empty_11 : bool} = eq.i64 n_1 0i64
  let {count_14 : i64} = if empty_11
    then {
      in {0i64}
    }
    else {
      let {last_12 : i64} = sub.i64 n_1 1i64
      let {count_13 : i64} = offsets_9[last_12]
      in {count_13}
    }
    : {i64}
  let {filtered_15 : [count_14]i32} = replicate [count_14] 0i32
  let {filtered_21 : [count_14]i32} = scatter(n_1, {flags_10, offsets_9, xs_2}, {filtered_15})
    \(flag_16 : i64, offset_17 : i64, x_18 : i32) : {i64, i32} -> {
      let {t_19 : i64} = mul.i64 flag_16 offset_17
      let {kept_at_20 : i64} = sub.i64 t_19 1i64
      in {kept_at_20, x_18}
    }
  let {reduced_26 : i32} = screma(count_14, {filtered_21})
    map \(x_22 : i32) : {i32} -> {
      in {x_22}
    }
    scan {}
    reduce {
      (\(x_23 : i32, y_24 : i32) : {i32} -> {
        let {t_25 : i32} = add.i32 x_23 y_24
        in {t_25}
      }, {0i32})
    }
  in {reduced_26}
}
)";

/// kFilterSum with `from` replaced by `to`.
std::string variant(const std::string& from, const std::string& to) {
  std::string s = kFilterSum;
  size_t at = s.find(from);
  REQUIRE(at != std::string::npos);
  return s.replace(at, from.size(), to);
}

ir::Prog fused(const std::string& text) { return testir::afterCorePass(text, opt::fuse); }

} // namespace

TEST_CASE("opt: a filter read only by a reduction becomes one redomap") {
  ir::Prog p = fused(kFilterSum);
  auto counts = ir::countConstructs(p);
  CHECK(counts["Scatter"] == 0);
  CHECK(counts["Screma"] == 1);
  CHECK(counts["Replicate"] == 0);
  std::string text = ir::printProg(p);
  // Over all n elements; a dropped one contributes the neutral element 0.
  CHECK(text.find("= screma(n_1, {xs_2})") != std::string::npos);
  CHECK(text.find("let {keep_27 : bool} = ne.i64 flag_5 0i64") != std::string::npos);
  CHECK(text.find("else {\n          in {0i32}") != std::string::npos);
  CHECK(text.find("scan {}") != std::string::npos); // the offsets' scan is gone
}

TEST_CASE("opt: filter-into-reduce leaves scatters that are not a filter alone") {
  // Every element written at offset - 1, dropped ones included.
  ir::Prog a = fused(variant("mul.i64 flag_16 offset_17", "add.i64 offset_17 0i64"));
  CHECK(ir::countConstructs(a)["Scatter"] == 1);
  // A destination that is not the number of kept elements.
  ir::Prog b = fused(variant("then {\n      in {0i64}", "then {\n      in {1i64}"));
  CHECK(ir::countConstructs(b)["Scatter"] == 1);
  // Flags that are not 0 or 1.
  ir::Prog c = fused(variant("let {flag_5 : i64} = convert.bool.i64 cmp_4",
                             "let {flag_5 : i64} = convert.i32.i64 x_3"));
  CHECK(ir::countConstructs(c)["Scatter"] == 1);
}
