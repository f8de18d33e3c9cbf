// Unit tests of gpu/ChunkArrayReductions (through gpu/InterchangeArrayOperators) on IR text:
// a host-level array reduction whose operator is not elementwise becomes two map stages,
// each folding rows in order in one thread.
#include "gpu/ExtractKernels.h"
#include "gpu/InterchangeArrayOperators.h"

#include "ir_text_util.h"
#include "ir/Count.h"
#include "ir/Print.h"
#include "ir/Traverse.h"
#include "ir/Verify.h"
#include "support/Diagnostics.h"

#include <doctest/doctest.h>

using namespace fjord;
using namespace fjord::ir;

namespace {

const Screma& scremaOf(const Stm& s) {
  const Op* op = std::get_if<Op>(&s.exp);
  REQUIRE(op);
  const Soac* soac = std::get_if<Soac>(op);
  REQUIRE(soac);
  const Screma* sc = std::get_if<Screma>(soac);
  REQUIRE(sc);
  return *sc;
}

const BasicOp* basicOf(const Stm& s) { return std::get_if<BasicOp>(&s.exp); }

int count(const Prog& p, const std::string& what) {
  auto counts = countConstructs(p);
  auto it = counts.find(what);
  return it == counts.end() ? 0 : it->second;
}

/// The statement binding `name` in `stms`.
const Stm& binding(const std::vector<Stm>& stms, const std::string& name) {
  for (const Stm& s : stms)
    for (const PatElem& p : s.pat)
      if (p.name.name == name)
        return s;
  FAIL("no statement binds " << name);
  return stms.front();
}

/// reduce (\a b -> if a[0] > b[0] then a else b) ne_4 xss_3, xss_3 : [n_1][m_2]i32.
const char* kLargerFirstReduce = R"(fun f(n_1 : i64, m_2 : i64, xss_3 : [n_1][m_2]i32, ne_4 : [m_2]i32) : {[m_2]i32} = {
  #[prov "reduce"]
  let {r_20 : [m_2]i32} = screma(n_1, {xss_3})
    map \(x_5 : [m_2]i32) : {[m_2]i32} -> {
      in {x_5}
    }
    scan {}
    reduce {
      (\(a_6 : [m_2]i32, b_7 : [m_2]i32) : {[m_2]i32} -> {
        let {a0_8 : i32} = a_6[0i64]
        let {b0_9 : i32} = b_7[0i64]
        let {c_10 : bool} = gt.i32 a0_8 b0_9
        let {r_11 : [m_2]i32} = if c_10 then {
          in {a_6}
        } else {
          in {b_7}
        } : {[m_2]i32}
        in {r_11}
      }, {ne_4})
    }
  in {r_20}
}
)";

} // namespace

TEST_CASE("gpu: a non-elementwise array reduction folds chunks of rows, then the partials") {
  DiagnosticEngine diags;
  Prog p = gpu::interchangeArrayOperators(testir::parseVerified(kLargerFirstReduce), diags);
  REQUIRE_FALSE(diags.hasErrors());
  verify(p, Stage::Core);
  const std::vector<Stm>& stms = p.funs[0].body.stms;

  // T = min n (1 + i64 (sqrt (f64 n))), c = (n + max T 1 - 1) / max T 1.
  const BasicOp* chunks = basicOf(binding(stms, "chunks"));
  REQUIRE(chunks);
  CHECK(chunks->binOp == BinOpKind::Min);
  CHECK(chunks->args.at(0) == SubExp(VName{"n", 1}));
  const VName T = binding(stms, "chunks").pat[0].name;
  const BasicOp* rows = basicOf(binding(stms, "chunk_rows"));
  REQUIRE(rows);
  CHECK(rows->binOp == BinOpKind::Div);

  // Stage 1: a map over the T chunks whose thread slices rows [lo, lo + len) and folds them
  // with (a renamed copy of) the operator, starting from the neutral element.
  const Stm& stage1 = binding(stms, "partials");
  const Screma& s1 = scremaOf(stage1);
  CHECK(s1.width == SubExp(T));
  CHECK(s1.reds.empty());
  CHECK(stage1.pat.at(0).type.shape == Shape{T, VName{"m", 2}});
  const std::vector<Stm>& body1 = s1.map.body.stms;
  const BasicOp* slice = basicOf(binding(body1, "xss_chunk"));
  REQUIRE(slice);
  CHECK(slice->kind == BasicOp::Kind::Index);
  CHECK(slice->arr == VName{"xss", 3});
  REQUIRE(slice->slice.size() == 1);
  CHECK_FALSE(slice->slice[0].fixed);
  CHECK(slice->slice[0].start == SubExp(binding(body1, "chunk_lo").pat[0].name));
  CHECK(slice->slice[0].count == SubExp(binding(body1, "chunk_len").pat[0].name));
  const Screma& fold1 = scremaOf(binding(body1, "chunk_reduced"));
  CHECK(fold1.width == SubExp(binding(body1, "chunk_len").pat[0].name));
  REQUIRE(fold1.reds.size() == 1);
  CHECK(fold1.reds[0].neutral == std::vector<SubExp>{VName{"ne", 4}});
  CHECK(fold1.reds[0].op.params.at(0).name != VName{"a", 6});

  // Stage 2: one thread folds the T partials; the result is its row 0.
  const Stm& stage2 = binding(stms, "combined");
  const Screma& s2 = scremaOf(stage2);
  CHECK(s2.width == SubExp(PrimValue::int64(1)));
  const Screma& fold2 = scremaOf(s2.map.body.stms.at(0));
  CHECK(fold2.width == SubExp(T));
  CHECK(fold2.inputs == std::vector<VName>{stage1.pat[0].name});
  REQUIRE(fold2.reds.size() == 1);
  const Stm& last = stms.back();
  CHECK(last.pat.at(0).name == VName{"r", 20});
  const BasicOp* row0 = basicOf(last);
  REQUIRE(row0);
  CHECK(row0->kind == BasicOp::Kind::Index);
  CHECK(row0->arr == stage2.pat.at(0).name);
  // Both folds have their own names for the operator.
  CHECK(fold1.reds[0].op.params[0].name != fold2.reds[0].op.params[0].name);

  // Kernel extraction: two SegMaps, each folding sequentially in its threads; no SegRed.
  Prog k = gpu::extractKernels(std::move(p), diags);
  REQUIRE_FALSE(diags.hasErrors());
  verify(k, Stage::Gpu);
  CHECK(count(k, "SegMap") == 2);
  CHECK(count(k, "SegRed") == 0);
  CHECK(count(k, "SegMap/Screma") == 2);
}

TEST_CASE("gpu: a fused map producing the rows of a non-elementwise reduction is split first") {
  // reduce op ne (map (\x -> copy x) xss) next to a scalar sum of the rows' first elements.
  std::string text = R"(fun f(n_1 : i64, m_2 : i64, xss_3 : [n_1][m_2]i32, ne_4 : [m_2]i32) : {[m_2]i32, i32} = {
  #[prov "reduce"]
  let {r_20 : [m_2]i32, s_21 : i32} = screma(n_1, {xss_3})
    map \(x_5 : [m_2]i32) : {[m_2]i32, i32} -> {
      let {y_12 : [m_2]i32} = copy x_5
      let {h_13 : i32} = x_5[0i64]
      in {y_12, h_13}
    }
    scan {}
    reduce {
      (\(a_6 : [m_2]i32, b_7 : [m_2]i32) : {[m_2]i32} -> {
        let {a0_8 : i32} = a_6[0i64]
        let {b0_9 : i32} = b_7[0i64]
        let {c_10 : bool} = gt.i32 a0_8 b0_9
        let {r_11 : [m_2]i32} = if c_10 then {
          in {a_6}
        } else {
          in {b_7}
        } : {[m_2]i32}
        in {r_11}
      }, {ne_4}),
      (\(u_14 : i32, v_15 : i32) : {i32} -> {
        let {w_16 : i32} = add.i32 u_14 v_15
        in {w_16}
      }, {0i32})
    }
  in {r_20, s_21}
}
)";
  DiagnosticEngine diags;
  Prog p = gpu::interchangeArrayOperators(testir::parseVerified(text), diags);
  REQUIRE_FALSE(diags.hasErrors());
  verify(p, Stage::Core);
  const std::vector<Stm>& stms = p.funs[0].body.stms;
  // First the Screma with the scalar sum and the materialised operand rows.
  const Screma& rest = scremaOf(stms.at(0));
  CHECK(rest.reds.size() == 1);
  REQUIRE(stms[0].pat.size() == 2);
  CHECK(stms[0].pat[0].name == VName{"s", 21});
  const VName operand = stms[0].pat[1].name;
  CHECK(stms[0].pat[1].type.shape == Shape{VName{"n", 1}, VName{"m", 2}});
  // The chunks slice the materialised rows.
  const Screma& s1 = scremaOf(binding(stms, "partials"));
  const BasicOp* slice = basicOf(s1.map.body.stms.at(6));
  REQUIRE(slice);
  CHECK(slice->kind == BasicOp::Kind::Index);
  CHECK(slice->arr == operand);
  CHECK(stms.back().pat.at(0).name == VName{"r", 20});
}
