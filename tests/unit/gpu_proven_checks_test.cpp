// Unit tests of gpu/RemoveProvenChecks on IR text: a bounds check that the enclosing loop
// and segment ranges prove is dropped, one they do not prove (or that only part of them
// proves) stays.
#include "gpu/RemoveProvenChecks.h"

#include "ir_text_util.h"
#include "ir/Print.h"

#include <doctest/doctest.h>

using namespace fjord;
using namespace fjord::ir;

namespace {

/// The printed program after the pass: a row-prefix sum per thread, `x[j]` for j < i + 1
/// with i < n (provably in range) and `packed[row + j]` (not provable: packed's size is
/// unrelated to n), plus `x[k]` for a scalar argument k (never provable).
std::string afterPass() {
  Prog in = testir::parseVerified(R"(#[entry() -> ()]
entry main(n_1 : i64, x_2 : [n_1]f32, len_3 : i64, packed_4 : [len_3]f32, k_5 : i64) : {[n_1]f32} = {
  let {mapped_25 : [n_1]f32} = segmap(flat_tid_27; gtid_26 < n_1)
    : {f32} {
      let {x_6 : i64} = gtid_26
      let {t_7 : i64} = add.i64 x_6 1i64
      let {t_8 : i64} = mul.i64 x_6 t_7
      let {row_9 : i64} = div.i64 t_8 2i64
      let {acc_24 : f32} = loop {acc_12 : f32 = 0.0f32} for j_11 < t_7 do {
        let {t_13 : i64} = add.i64 row_9 j_11
        let {lo_ok_14 : bool} = le.i64 0i64 t_13
        let {hi_ok_15 : bool} = lt.i64 t_13 len_3
        let {in_bounds_16 : bool} = logand.bool lo_ok_14 hi_ok_15
        let {} = assert in_bounds_16 "packed out of bounds"
        let {packed_elem_17 : f32} = packed_4[t_13]
        let {lo_ok_18 : bool} = le.i64 0i64 j_11
        let {hi_ok_19 : bool} = lt.i64 j_11 n_1
        let {in_bounds_20 : bool} = logand.bool lo_ok_18 hi_ok_19
        let {} = assert in_bounds_20 "x out of bounds"
        let {x_elem_21 : f32} = x_2[j_11]
        let {lo_ok_30 : bool} = le.i64 0i64 k_5
        let {hi_ok_31 : bool} = lt.i64 k_5 n_1
        let {in_bounds_32 : bool} = logand.bool lo_ok_30 hi_ok_31
        let {} = assert in_bounds_32 "k out of bounds"
        let {x_elem_33 : f32} = x_2[k_5]
        let {t_22 : f32} = mul.f32 packed_elem_17 x_elem_21
        let {t_23 : f32} = add.f32 acc_12 t_22
        let {t_34 : f32} = add.f32 t_23 x_elem_33
        in {t_34}
      }
      in {acc_24}
    }
  in {mapped_25}
}
)",
                                  Stage::Gpu);
  Prog out = gpu::removeProvenChecks(std::move(in));
  verify(out, Stage::Gpu);
  return printProg(out);
}

} // namespace

TEST_CASE("gpu: a bounds check proved by the loop and segment ranges is removed, others stay") {
  std::string out = afterPass();
  CHECK_MESSAGE(out.find("\"x out of bounds\"") == std::string::npos, out);
  CHECK_MESSAGE(out.find("assert in_bounds_16 \"packed out of bounds\"") != std::string::npos, out);
  CHECK_MESSAGE(out.find("assert in_bounds_32 \"k out of bounds\"") != std::string::npos, out);
  // The reads stay, with their comparisons left for dead code removal.
  CHECK_MESSAGE(out.find("x_2[j_11]") != std::string::npos, out);
}
