// Unit tests of gpu/FlattenRowUpdates on IR text: a scatter of rows and a histogram over
// rows become flat SOACs over reshaped destinations; other SOACs are left alone.
#include "gpu/FlattenRowUpdates.h"

#include "ir_text_util.h"
#include "ir/Count.h"
#include "ir/Equal.h"
#include "ir/Parse.h"
#include "ir/Print.h"
#include "ir/Verify.h"
#include "support/Diagnostics.h"

#include <doctest/doctest.h>

using namespace fjord;
using namespace fjord::ir;

namespace {

Prog parse(const std::string& text) { return testir::parseVerified(text); }

Prog flatten(const std::string& text, DiagnosticEngine& diags) {
  Prog out = gpu::flattenRowUpdates(parse(text), diags);
  verify(out, Stage::Core);
  return out;
}

Prog flatten(const std::string& text) {
  DiagnosticEngine diags;
  Prog out = flatten(text, diags);
  REQUIRE_MESSAGE(!diags.hasErrors(), diags.render());
  return out;
}

int count(const Prog& p, const std::string& what) {
  auto counts = countConstructs(p);
  auto it = counts.find(what);
  return it == counts.end() ? 0 : it->second;
}

const char* kScatterRows = R"(entry sc(k_1 : i64, m_2 : i64, dest_3 : *[k_1][m_2]i32, n_4 : i64, is_5 : [n_4]i64, vss_6 : [n_4][m_2]i32) : {[k_1][m_2]i32} = {
  #[prov "scatter"]
  let {scattered_9 : [k_1][m_2]i32} = scatter(n_4, {is_5, vss_6}, {dest_3})
    \(i_7 : i64, v_8 : [m_2]i32) : {i64, [m_2]i32} -> {
      in {i_7, v_8}
    }
  in {scattered_9}
}
)";

// `reduce_by_index dest op (replicate m 0) is vss` with `op` given as text.
std::string histRows(const std::string& op) {
  return R"(entry hi(k_10 : i64, m_11 : i64, dest_12 : *[k_10][m_11]i32, n_13 : i64, is_14 : [n_13]i64, vss_15 : [n_13][m_11]i32) : {[k_10][m_11]i32} = {
  let {replicated_16 : [m_11]i32} = replicate [m_11] 0i32
  #[prov "hist"]
  let {hist_25 : [k_10][m_11]i32} = hist(n_13, {is_14, vss_15})
    ops {
      (k_10, {dest_12}, (commutative )" + op + R"(, {replicated_16}))
    }
    bucket \(i_23 : i64, v_24 : [m_11]i32) : {i64, [m_11]i32} -> {
      in {i_23, v_24}
    }
  in {hist_25}
}
)";
}

const char* kMap2Add = R"(\(x_17 : [m_11]i32, y_18 : [m_11]i32) : {[m_11]i32} -> {
        let {mapped_22 : [m_11]i32} = screma(m_11, {x_17, y_18})
          map \(x_19 : i32, x_20 : i32) : {i32} -> {
            let {t_21 : i32} = add.i32 x_19 x_20
            in {t_21}
          }
          scan {}
          reduce {}
        in {mapped_22}
      })";

// Picks the row with the larger first element: not elementwise.
const char* kPickRow = R"(\(x_17 : [m_11]i32, y_18 : [m_11]i32) : {[m_11]i32} -> {
        let {a_19 : i32} = x_17[0i64]
        let {b_20 : i32} = y_18[0i64]
        let {c_21 : bool} = gt.i32 a_19 b_20
        let {r_22 : [m_11]i32} = if c_21
          then {
            in {x_17}
          }
          else {
            in {y_18}
          }
          : {[m_11]i32}
        in {r_22}
      })";

} // namespace

TEST_CASE("gpu: a scatter of rows becomes a flat scatter over the reshaped destination") {
  Prog p = flatten(kScatterRows);
  // Point t is element t % m of row is[t / m]; a row index outside [0, k) gives -1.
  CHECK(printProg(p) == R"(#[entry() -> ()]
entry sc(k_1 : i64, m_2 : i64, dest_3 : *[k_1][m_2]i32, n_4 : i64, is_5 : [n_4]i64, vss_6 : [n_4][m_2]i32) : {[k_1][m_2]i32} = {
  let {flat_width_10 : i64} = mul.i64 n_4 m_2
  let {flat_point_11 : [flat_width_10]i64} = iota.i64 flat_width_10, 0i64, 1i64
  #[prov "scatter"]
  let {flat_values_12 : [flat_width_10]i32} = reshape [flat_width_10] vss_6
  let {flat_size_13 : i64} = mul.i64 k_1 m_2
  #[prov "scatter"]
  let {flat_dest_14 : [flat_size_13]i32} = reshape [flat_size_13] dest_3
  #[prov "scatter"]
  let {scattered_flat_26 : [flat_size_13]i32} = scatter(flat_width_10, {flat_point_11, flat_values_12}, {flat_dest_14})
    \(point_15 : i64, v_16 : i32) : {i64, i32} -> {
      let {input_17 : i64} = quot.i64 point_15 m_2
      let {column_18 : i64} = rem.i64 point_15 m_2
      let {row_19 : i64} = is_5[input_17]
      let {nonneg_20 : bool} = le.i64 0i64 row_19
      let {below_21 : bool} = lt.i64 row_19 k_1
      let {in_bounds_22 : bool} = logand.bool nonneg_20 below_21
      let {flat_at_25 : i64} = if in_bounds_22
        then {
          let {row_start_23 : i64} = mul.i64 row_19 m_2
          let {flat_at_24 : i64} = add.i64 row_start_23 column_18
          in {flat_at_24}
        }
        else {
          in {-1i64}
        }
        : {i64}
      in {flat_at_25, v_16}
    }
  #[prov "scatter"]
  let {scattered_9 : [k_1][m_2]i32} = reshape [k_1][m_2] scattered_flat_26
  in {scattered_9}
}
)");
}

TEST_CASE("gpu: a scatter of rows whose function only checks keeps the checks") {
  // The values are the input rows themselves, but the function asserts on them first: the
  // assertion must still run for every row, so the rows are computed by a map.
  const std::string text = R"(entry sc(k_1 : i64, m_2 : i64, dest_3 : *[k_1][m_2]i32, n_4 : i64, is_5 : [n_4]i64, vss_6 : [n_4][m_2]i32) : {[k_1][m_2]i32} = {
  #[prov "scatter"]
  let {scattered_9 : [k_1][m_2]i32} = scatter(n_4, {is_5, vss_6}, {dest_3})
    \(i_7 : i64, v_8 : [m_2]i32) : {i64, [m_2]i32} -> {
      let {ok_10 : bool} = le.i64 0i64 i_7
      let {} = assert ok_10 "negative index"
      in {i_7, v_8}
    }
  in {scattered_9}
}
)";
  Prog p = flatten(text);
  CHECK(printProg(p).find("assert ok_") != std::string::npos);
  CHECK(count(p, "Screma") == 1);
}

TEST_CASE("gpu: a histogram over rows with map2 (+) becomes a flat histogram with (+)") {
  Prog p = flatten(histRows(kMap2Add));
  CHECK(count(p, "Hist") == 1);
  CHECK(count(p, "Screma") == 0); // the operator's map is gone
  const Body& body = p.funs[0].body;
  const Hist& h = std::get<Hist>(std::get<Soac>(std::get<Op>(body.stms.at(body.stms.size() - 2).exp)));
  REQUIRE(h.ops.size() == 1);
  const RedOp& op = h.ops[0].op;
  // The scalar operator on i32, its neutral the replicated 0.
  REQUIRE(op.op.params.size() == 2);
  CHECK(op.op.params[0].type == ir::Type::prim(PrimType::I32));
  CHECK(op.op.retTypes == std::vector<ir::Type>{ir::Type::prim(PrimType::I32)});
  CHECK(op.neutral == std::vector<SubExp>{PrimValue::integer(PrimType::I32, 0)});
  CHECK(op.commutative);
  std::string text = printProg(p);
  CHECK(text.find("add.i32") != std::string::npos);
  CHECK(text.find("reshape [flat_size_") != std::string::npos);
  // Over n*m points, into k*m buckets; the result is reshaped back to [k][m].
  CHECK(text.find("= mul.i64 n_13 m_11") != std::string::npos);
  CHECK(text.find("= mul.i64 k_10 m_11") != std::string::npos);
  const Stm& last = body.stms.back();
  CHECK(last.pat.at(0).name.str() == "hist_25");
  const BasicOp& back = std::get<BasicOp>(last.exp);
  CHECK(back.kind == BasicOp::Kind::Reshape);
  CHECK(back.shape == Shape{VName{"k", 10}, VName{"m", 11}});
  CHECK(h.ops[0].width == SubExp(std::get<BasicOp>(
                              body.stms.at(body.stms.size() - 3).exp).shape.at(0)));
}

TEST_CASE("gpu: a histogram over rows with a non-elementwise operator is reported") {
  Prog before = parse(histRows(kPickRow));
  DiagnosticEngine diags;
  Prog after = flatten(histRows(kPickRow), diags);
  CHECK(equalProgs(before, after));
  REQUIRE(diags.all().size() == 1);
  CHECK(diags.all()[0].message ==
        "a histogram whose buckets are arrays, with an operator that is not elementwise on "
        "them (supported: operators that map over the rows, such as `map2 (+)`) is not "
        "supported yet");
}

TEST_CASE("gpu: a scatter into a one-dimensional array is left alone") {
  std::string text = R"(entry sc(k_1 : i64, dest_3 : *[k_1]i32, n_4 : i64, is_5 : [n_4]i64, vs_6 : [n_4]i32) : {[k_1]i32} = {
  let {scattered_9 : [k_1]i32} = scatter(n_4, {is_5, vs_6}, {dest_3})
    \(i_7 : i64, v_8 : i32) : {i64, i32} -> {
      in {i_7, v_8}
    }
  in {scattered_9}
}
)";
  CHECK(equalProgs(parse(text), flatten(text)));
}

TEST_CASE("gpu: a histogram with a row operator and a scalar operator is split") {
  // Op 1 adds rows of vss into dest; op 2 adds 2*w into cnt. The bucket function computes
  // 2*w, so a map materialises it first; op 2 stays a one-dimensional histogram.
  Prog p = flatten(R"(entry hi(k_10 : i64, m_11 : i64, dest_12 : *[k_10][m_11]i32, cnt_30 : *[k_10]i32, n_13 : i64, is_14 : [n_13]i64, vss_15 : [n_13][m_11]i32, ws_31 : [n_13]i32) : {[k_10][m_11]i32, [k_10]i32} = {
  let {replicated_16 : [m_11]i32} = replicate [m_11] 0i32
  #[prov "hist"]
  let {hist_25 : [k_10][m_11]i32, hist_32 : [k_10]i32} = hist(n_13, {is_14, vss_15, ws_31})
    ops {
      (k_10, {dest_12}, (commutative )" + std::string(kMap2Add) + R"(, {replicated_16})),
      (k_10, {cnt_30}, (commutative \(a_33 : i32, b_34 : i32) : {i32} -> {
        let {s_35 : i32} = add.i32 a_33 b_34
        in {s_35}
      }, {0i32}))
    }
    bucket \(i_23 : i64, v_24 : [m_11]i32, w_36 : i32) : {i64, i64, [m_11]i32, i32} -> {
      let {w2_37 : i32} = mul.i32 w_36 2i32
      in {i_23, i_23, v_24, w2_37}
    }
  in {hist_25, hist_32}
}
)");
  CHECK(count(p, "Hist") == 2);
  CHECK(count(p, "Screma") == 1); // the materialising map of 2*w
  const Body& body = p.funs[0].body;
  const Stm& last = body.stms.back();
  REQUIRE(last.pat.size() == 1);
  CHECK(last.pat[0].name.str() == "hist_32");
  const Hist& scalar = std::get<Hist>(std::get<Soac>(std::get<Op>(last.exp)));
  REQUIRE(scalar.ops.size() == 1);
  CHECK(scalar.ops[0].dests == std::vector<VName>{VName{"cnt", 30}});
  REQUIRE(scalar.inputs.size() == 2);
  CHECK(scalar.inputs[0] == VName{"is", 14});
  CHECK(scalar.bucketFn.body.stms.empty()); // an identity lambda over materialised arrays
  bool reshapedBack = false;
  for (const Stm& s : body.stms)
    if (s.pat.size() == 1 && s.pat[0].name.str() == "hist_25")
      reshapedBack = std::get<BasicOp>(s.exp).kind == BasicOp::Kind::Reshape;
  CHECK(reshapedBack);
}
