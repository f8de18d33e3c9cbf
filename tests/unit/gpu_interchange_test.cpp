// Unit tests of gpu/InterchangeArrayOperators and gpu/ElementwiseOperator on IR text:
// which array operators are elementwise, what an interchanged reduction or scan looks like,
// and what is reported as not supported yet.
#include "gpu/ElementwiseOperator.h"
#include "gpu/ExtractKernels.h"
#include "gpu/InterchangeArrayOperators.h"

#include "ir_text_util.h"
#include "ir/Count.h"
#include "ir/Parse.h"
#include "ir/Print.h"
#include "ir/Verify.h"
#include "support/Diagnostics.h"

#include <doctest/doctest.h>

using namespace fjord;
using namespace fjord::ir;

namespace {

Prog parse(const std::string& text) { return testir::parseVerified(text); }

Lambda parseLam(const std::string& text) {
  DiagnosticEngine diags;
  auto l = parseLambda(text, diags);
  REQUIRE_MESSAGE(l.has_value(), diags.render());
  return std::move(*l);
}

const Screma& scremaOf(const Stm& s) {
  const Op* op = std::get_if<Op>(&s.exp);
  REQUIRE(op);
  const Soac* soac = std::get_if<Soac>(op);
  REQUIRE(soac);
  const Screma* sc = std::get_if<Screma>(soac);
  REQUIRE(sc);
  return *sc;
}

const BasicOp& basicOf(const Stm& s) {
  const BasicOp* op = std::get_if<BasicOp>(&s.exp);
  REQUIRE(op);
  return *op;
}

int count(const Prog& p, const std::string& what) {
  auto counts = countConstructs(p);
  auto it = counts.find(what);
  return it == counts.end() ? 0 : it->second;
}

/// `reduce` or `scan` (per `kind`) of the rows of xss_3 : [n_1][m_2]i32 with `op`.
std::string arrayOpProg(const std::string& kind, const std::string& op) {
  std::string scan = kind == "scan" ? op : "";
  std::string red = kind == "reduce" ? op : "";
  std::string ret = kind == "scan" ? "[n_1][m_2]i32" : "[m_2]i32";
  return "fun f(n_1 : i64, m_2 : i64, xss_3 : [n_1][m_2]i32, ne_4 : [m_2]i32) : {" + ret +
         R"(} = {
  #[prov "reduce"]
  let {r_20 : )" + ret + R"(} = screma(n_1, {xss_3})
    map \(x_5 : [m_2]i32) : {[m_2]i32} -> {
      in {x_5}
    }
    scan {)" + scan + R"(}
    reduce {)" + red + R"(}
  in {r_20}
}
)";
}

/// `map2 (+)` as an operator over rows of m_2 elements.
const char* kMap2Add = R"(
      (\(a_6 : [m_2]i32, b_7 : [m_2]i32) : {[m_2]i32} -> {
        let {c_11 : [m_2]i32} = screma(m_2, {a_6, b_7})
          map \(x_8 : i32, y_9 : i32) : {i32} -> {
            let {t_10 : i32} = add.i32 x_8 y_9
            in {t_10}
          }
          scan {}
          reduce {}
        in {c_11}
      }, {ne_4})
    )";

/// Keeps the row with the larger first element: not elementwise.
const char* kLargerFirst = R"(
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
    )";

Prog interchange(Prog p, DiagnosticEngine& diags) {
  Prog out = gpu::interchangeArrayOperators(std::move(p), diags);
  if (!diags.hasErrors())
    verify(out, Stage::Core);
  return out;
}

} // namespace

TEST_CASE("gpu: map2 (+), a tuple of maps and swapped arguments are elementwise operators") {
  NameSource names(100);
  auto add = gpu::elementwiseOperator(parseLam(R"(\(a_1 : [m_9]i32, b_2 : [m_9]i32) : {[m_9]i32} -> {
  let {c_5 : [m_9]i32} = screma(m_9, {b_2, a_1})
    map \(x_3 : i32, y_4 : i32) : {i32} -> {
      let {t_6 : i32} = sub.i32 x_3 y_4
      in {t_6}
    }
    scan {}
    reduce {}
  in {c_5}
})"),
                                          names);
  REQUIRE(add.has_value());
  CHECK(add->width == SubExp(VName{"m", 9}));
  const Lambda& s = add->scalar;
  REQUIRE(s.params.size() == 2);
  CHECK(s.params[0].type == ir::Type::prim(PrimType::I32));
  // b - a: the inner lambda's first parameter stands for the operator's second.
  const BasicOp& sub = basicOf(s.body.stms.at(0));
  CHECK(sub.binOp == BinOpKind::Sub);
  CHECK(sub.args[0] == SubExp(s.params[1].name));
  CHECK(sub.args[1] == SubExp(s.params[0].name));
  CHECK(s.body.result.at(0) == SubExp(s.body.stms.at(0).pat.at(0).name));

  auto pair = gpu::elementwiseOperator(parseLam(R"(\(a_1 : [3i64]i32, b_2 : [3i64]f32, c_3 : [3i64]i32, d_4 : [3i64]f32) : {[3i64]i32, [3i64]f32} -> {
  let {e_7 : [3i64]i32} = screma(3i64, {a_1, c_3})
    map \(x_5 : i32, y_6 : i32) : {i32} -> {
      let {t_8 : i32} = add.i32 x_5 y_6
      in {t_8}
    }
    scan {}
    reduce {}
  let {f_11 : [3i64]f32} = screma(3i64, {b_2, d_4})
    map \(x_9 : f32, y_10 : f32) : {f32} -> {
      let {t_12 : f32} = mul.f32 x_9 y_10
      in {t_12}
    }
    scan {}
    reduce {}
  in {e_7, f_11}
})"),
                                           names);
  REQUIRE(pair.has_value());
  CHECK(pair->scalar.params.size() == 4);
  CHECK(pair->scalar.body.stms.size() == 2);
  CHECK(pair->scalar.retTypes == std::vector<ir::Type>{ir::Type::prim(PrimType::I32),
                                                        ir::Type::prim(PrimType::F32)});
}

TEST_CASE("gpu: an operator whose map mentions its array parameters is not elementwise") {
  NameSource names(100);
  // c[i] = a[i] + b[0]: position i depends on another position of b.
  CHECK_FALSE(gpu::elementwiseOperator(parseLam(R"(\(a_1 : [m_9]i32, b_2 : [m_9]i32) : {[m_9]i32} -> {
  let {c_5 : [m_9]i32} = screma(m_9, {a_1})
    map \(x_3 : i32) : {i32} -> {
      let {y_4 : i32} = b_2[0i64]
      let {t_6 : i32} = add.i32 x_3 y_4
      in {t_6}
    }
    scan {}
    reduce {}
  in {c_5}
})"),
                                             names));
  // A map over a prefix of the rows is not over the operands' positions.
  CHECK_FALSE(gpu::elementwiseOperator(parseLam(R"(\(a_1 : [m_9]i32, b_2 : [m_9]i32, k_7 : i64) : {[m_9]i32} -> {
  let {c_5 : [m_9]i32} = screma(k_7, {a_1, b_2})
    map \(x_3 : i32, y_4 : i32) : {i32} -> {
      let {t_6 : i32} = add.i32 x_3 y_4
      in {t_6}
    }
    scan {}
    reduce {}
  in {c_5}
})"),
                                             names));
}

TEST_CASE("gpu: an elementwise array reduction becomes a map over the columns") {
  DiagnosticEngine diags;
  Prog p = interchange(parse(arrayOpProg("reduce", kMap2Add)), diags);
  REQUIRE_FALSE(diags.hasErrors());
  const std::vector<Stm>& stms = p.funs[0].body.stms;
  // let xss_tr = rearrange (1, 0) xss_3; let r_20 = map (...) ne_4 xss_tr
  REQUIRE(stms.size() == 2);
  const BasicOp& tr = basicOf(stms[0]);
  CHECK(tr.kind == BasicOp::Kind::Rearrange);
  CHECK(tr.arr == VName{"xss", 3});
  CHECK(tr.perm == std::vector<int>{1, 0});
  const Screma& cols = scremaOf(stms[1]);
  CHECK(stms[1].pat.at(0).name == VName{"r", 20});
  CHECK(cols.width == SubExp(VName{"m", 2}));
  CHECK(cols.scans.empty());
  CHECK(cols.reds.empty());
  REQUIRE(cols.inputs.size() == 2);
  CHECK(cols.inputs[0] == VName{"ne", 4});
  CHECK(cols.inputs[1] == stms[0].pat.at(0).name);
  // The lambda reduces one column (n_1 elements) with the scalar addition, starting from
  // its element of the neutral array.
  REQUIRE(cols.map.body.stms.size() == 1);
  const Screma& fold = scremaOf(cols.map.body.stms[0]);
  CHECK(fold.width == SubExp(VName{"n", 1}));
  CHECK(fold.inputs == std::vector<VName>{cols.map.params[1].name});
  REQUIRE(fold.reds.size() == 1);
  CHECK(fold.reds[0].neutral == std::vector<SubExp>{cols.map.params[0].name});
  const Lambda& op = fold.reds[0].op;
  REQUIRE(op.body.stms.size() == 1);
  CHECK(basicOf(op.body.stms[0]).binOp == BinOpKind::Add);
  CHECK(op.params[0].type == ir::Type::prim(PrimType::I32));

  // Kernel extraction then makes one SegMap (each thread folds a column), no SegRed.
  Prog k = gpu::extractKernels(std::move(p), diags);
  REQUIRE_FALSE(diags.hasErrors());
  verify(k, Stage::Gpu);
  CHECK(count(k, "SegMap") == 1);
  CHECK(count(k, "SegRed") == 0);
  CHECK(count(k, "SegMap/Screma") == 1);
}

TEST_CASE("gpu: an elementwise array scan scans columns and rearranges the result back") {
  DiagnosticEngine diags;
  Prog p = interchange(parse(arrayOpProg("scan", kMap2Add)), diags);
  REQUIRE_FALSE(diags.hasErrors());
  const std::vector<Stm>& stms = p.funs[0].body.stms;
  REQUIRE(stms.size() == 3);
  CHECK(basicOf(stms[0]).kind == BasicOp::Kind::Rearrange);
  const Screma& cols = scremaOf(stms[1]);
  CHECK(scremaOf(cols.map.body.stms.at(0)).scans.size() == 1);
  // [m_2][n_1] columns, rearranged to the pattern's [n_1][m_2].
  CHECK(stms[1].pat.at(0).type.shape == Shape{VName{"m", 2}, VName{"n", 1}});
  const BasicOp& back = basicOf(stms[2]);
  CHECK(back.kind == BasicOp::Kind::Rearrange);
  CHECK(back.arr == stms[1].pat.at(0).name);
  CHECK(stms[2].pat.at(0).name == VName{"r", 20});
}

TEST_CASE("gpu: a host-level array scan with a non-elementwise operator is not supported") {
  // (The reduction with that operator is chunked: gpu_chunk_reductions_test.cpp.)
  DiagnosticEngine diags;
  Prog in = parse(arrayOpProg("scan", kLargerFirst));
  std::string before = printProg(in);
  Prog p = gpu::interchangeArrayOperators(std::move(in), diags);
  REQUIRE(diags.all().size() == 1);
  CHECK(diags.all()[0].message ==
        "a scan whose operands are arrays and whose operator is not elementwise (a `map` "
        "over the operands) is not supported yet");
  CHECK(printProg(p) == before); // left alone
}

TEST_CASE("gpu: an array reduction nested in a map is left to fold in the thread") {
  // map (\xss -> reduce (map2 (+)) ne xss) xsss: the thread folds into one row.
  std::string text = R"(fun f(k_0 : i64, n_1 : i64, m_2 : i64, xsss_30 : [k_0][n_1][m_2]i32, ne_4 : [m_2]i32) : {[k_0][m_2]i32} = {
  let {rs_31 : [k_0][m_2]i32} = screma(k_0, {xsss_30})
    map \(xss_3 : [n_1][m_2]i32) : {[m_2]i32} -> {
      let {r_20 : [m_2]i32} = screma(n_1, {xss_3})
        map \(x_5 : [m_2]i32) : {[m_2]i32} -> {
          in {x_5}
        }
        scan {}
        reduce {)" + std::string(kMap2Add) + R"(}
      in {r_20}
    }
    scan {}
    reduce {}
  in {rs_31}
}
)";
  DiagnosticEngine diags;
  Prog in = parse(text);
  std::string before = printProg(in);
  Prog p = interchange(std::move(in), diags);
  CHECK_FALSE(diags.hasErrors());
  CHECK(printProg(p) == before);
}
