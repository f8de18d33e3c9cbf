// Kernel extraction computes the elements of iota inputs from the thread index (Note [Iota
// inputs] in gpu/ExtractKernels.cpp) and drops the iotas nothing reads any more.
#include "gpu/ExtractKernels.h"

#include "ir_text_util.h"
#include "ir/Count.h"
#include "ir/Print.h"
#include "support/Diagnostics.h"

#include <doctest/doctest.h>

using namespace fjord;

namespace {

ir::Prog extract(const std::string& text) {
  DiagnosticEngine diags;
  ir::Prog out = gpu::extractKernels(testir::parseVerified(text), diags);
  REQUIRE_FALSE(diags.hasErrors());
  ir::verify(out, ir::Stage::Gpu);
  return out;
}

/// `map2 (+) xs (iota.i32 n, 5, 3)`; `extra` is appended to the results (and types).
std::string addIota(const std::string& extraResult, const std::string& extraType) {
  return R"(fun f(n_1 : i64, xs_2 : [n_1]i32) : {[n_1]i32)" + extraType + R"(} = {
  let {is_3 : [n_1]i32} = iota.i32 n_1, 5i32, 3i32
  let {ys_7 : [n_1]i32} = screma(n_1, {xs_2, is_3})
    map \(x_4 : i32, i_5 : i32) : {i32} -> {
      let {s_6 : i32} = add.i32 x_4 i_5
      in {s_6}
    }
    scan {}
    reduce {}
  in {ys_7)" + extraResult + R"(}
}
)";
}

} // namespace

TEST_CASE("gpu: an iota input is computed from the thread index and the iota dropped") {
  // Element gtid of iota.i32 n, 5, 3 is 5 + 3 * gtid, in i32 like the iota.
  ir::Prog p = extract(addIota("", ""));
  CHECK(ir::countConstructs(p)["Iota"] == 0);
  CHECK(ir::printProg(p) == R"(fun f(n_1 : i64, xs_2 : [n_1]i32) : {[n_1]i32} = {
  let {ys_7 : [n_1]i32} = segmap(flat_tid_9; gtid_8 < n_1)
    : {i32} {
      let {x_4 : i32} = xs_2[gtid_8]
      let {iota_index_10 : i32} = convert.i64.i32 gtid_8
      let {iota_offset_11 : i32} = mul.i32 iota_index_10 3i32
      let {i_5 : i32} = add.i32 iota_offset_11 5i32
      let {s_6 : i32} = add.i32 x_4 i_5
      in {s_6}
    }
  in {ys_7}
}
)");
}

TEST_CASE("gpu: an iota that host code still reads stays, its kernel input is computed") {
  ir::Prog p = extract(addIota(", is_3", ", [n_1]i32"));
  auto counts = ir::countConstructs(p);
  CHECK(counts["Iota"] == 1);
  CHECK(counts["Index"] == 1); // xs_2[gtid] only
  CHECK(ir::printProg(p).find("let {i_5 : i32} = add.i32 iota_offset_11 5i32") != std::string::npos);
}

TEST_CASE("gpu: element gtid of iota n, 0, 1 is gtid itself") {
  ir::Prog p = extract(R"(fun f(n_1 : i64) : {i64} = {
  let {is_2 : [n_1]i64} = iota.i64 n_1, 0i64, 1i64
  let {r_8 : i64} = screma(n_1, {is_2})
    map \(i_3 : i64) : {i64} -> {
      let {sq_4 : i64} = mul.i64 i_3 i_3
      in {sq_4}
    }
    scan {}
    reduce {
      (\(a_5 : i64, b_6 : i64) : {i64} -> {
        let {s_7 : i64} = add.i64 a_5 b_6
        in {s_7}
      }, {0i64})
    }
  in {r_8}
}
)");
  auto counts = ir::countConstructs(p);
  CHECK(counts["Iota"] == 0);
  CHECK(counts["Index"] == 0);
  CHECK(counts["SegRed"] == 1);
  CHECK(ir::printProg(p).find("let {i_3 : i64} = gtid_9\n") != std::string::npos);
}
