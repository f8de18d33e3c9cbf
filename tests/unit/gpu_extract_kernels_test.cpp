// Unit tests of kernel extraction (gpu/ExtractKernels): which SegOps each SOAC becomes, what
// their spaces and bodies look like, and what is reported as not supported yet.
#include "gpu/ExtractKernels.h"
#include "gpu/FlattenRowUpdates.h"

#include "gpu_test_ir.h"
#include "ir/Count.h"
#include "ir/Parse.h"
#include "ir/Print.h"
#include "ir/Verify.h"
#include "support/Diagnostics.h"

#include <doctest/doctest.h>

using namespace fjord;
using namespace fjord::testir;

namespace {

Prog extract(Prog p) {
  DiagnosticEngine diags;
  Prog out = gpu::extractKernels(std::move(p), diags);
  REQUIRE_FALSE(diags.hasErrors());
  ir::verify(out, ir::Stage::Gpu);
  return out;
}

const SegOp& segOpOf(const Stm& s) {
  const Op* op = std::get_if<Op>(&s.exp);
  REQUIRE(op);
  const SegOp* seg = std::get_if<SegOp>(op);
  REQUIRE(seg);
  return *seg;
}

int count(const Prog& p, const std::string& what) {
  auto counts = ir::countConstructs(p);
  auto it = counts.find(what);
  return it == counts.end() ? 0 : it->second;
}

} // namespace

TEST_CASE("gpu: a map becomes one SegMap over its width") {
  Prog p = extract(scaleProg());
  CHECK(count(p, "SegMap") == 1);
  CHECK(count(p, "Screma") == 0);
  const Stm& s = p.funs[0].body.stms.back();
  const SegOp& seg = segOpOf(s);
  CHECK(s.prov.what == "map");
  REQUIRE(seg.space.dims.size() == 1);
  CHECK(seg.space.dims[0].second == SubExp(p.funs[0].params[0].name));
  // The body reads x = xs[gtid] first.
  const auto& first = std::get<BasicOp>(seg.body.stms.at(0).exp);
  CHECK(first.kind == BasicOp::Kind::Index);
  CHECK(first.arr == p.funs[0].params[1].name);
  CHECK(first.slice.at(0).index == SubExp(seg.space.dims[0].first));
}

TEST_CASE("gpu: a reduction becomes exactly one SegRed") {
  Prog p = extract(sumProg());
  CHECK(count(p, "SegRed") == 1);
  CHECK(count(p, "Screma") == 0);
  const SegOp& seg = segOpOf(p.funs[0].body.stms.back());
  CHECK(seg.kind == SegOp::Kind::Red);
  CHECK(seg.ops.size() == 1);
  CHECK(seg.types.size() == 1);
}

TEST_CASE("gpu: a fused map-reduce is one SegRed whose body computes the map") {
  Prog p = extract(dotProg());
  CHECK(count(p, "SegRed") == 1);
  const SegOp& seg = segOpOf(p.funs[0].body.stms.back());
  // x = xs[gtid], y = ys[gtid], p = x * y
  CHECK(seg.body.stms.size() == 3);
  CHECK(count(p, "SegRed/BinOp") == 2); // the multiplication and the operator's addition
}

TEST_CASE("gpu: a map of a reduce is a segmented SegRed over both dimensions") {
  DiagnosticEngine diags;
  Prog p = gpu::extractKernels(rowsumsProg(), diags, gpu::ExtractOptions{}); // one version
  REQUIRE_FALSE(diags.hasErrors());
  ir::verify(p, ir::Stage::Gpu);
  CHECK(count(p, "SegRed") == 1);
  CHECK(count(p, "SegMap") == 0);
  CHECK(count(p, "SegRed/Screma") == 0);
  const SegOp& seg = segOpOf(p.funs[0].body.stms.back());
  const FunDef& f = p.funs[0];
  REQUIRE(seg.space.dims.size() == 2);
  CHECK(seg.space.dims[0].second == SubExp(f.params[0].name));
  CHECK(seg.space.dims[1].second == SubExp(f.params[1].name));
  // The element x = a[gtid_1, gtid_2], indexed straight from the outer array.
  const auto& elem = std::get<BasicOp>(seg.body.stms.at(0).exp);
  CHECK(elem.kind == BasicOp::Kind::Index);
  CHECK(elem.arr == f.params[2].name);
  REQUIRE(elem.slice.size() == 2);
  CHECK(elem.slice[0].index == SubExp(seg.space.dims[0].first));
  CHECK(elem.slice[1].index == SubExp(seg.space.dims[1].first));
}

TEST_CASE("gpu: a map of a reduce gets an outer-parallel version chosen by a threshold") {
  Prog p = extract(rowsumsProg()); // the pipeline's pass: multi-versioned nests
  CHECK(count(p, "CmpSize") == 2);      // suff_outer_par, then suff_intra_par
  CHECK(count(p, "If") == 2);
  CHECK(count(p, "SegRed") == 1);       // version C
  CHECK(count(p, "SegMap") == 2);       // versions A and B
  CHECK(count(p, "IntraSegMap") == 1);  // version B, in the else branch of A's threshold
  CHECK(count(p, "If/SegMap/Screma") == 1); // A's reduction, sequential in the thread
  CHECK(count(p, "If/If/SegMap/Screma") == 1); // B's, run by a block
  CHECK(ir::printProg(p).find("suff_intra_par_0\", suff_intra_par) <= ") != std::string::npos);
  // The threshold is named after the function, compared with the outer width.
  const FunDef& f = p.funs[0];
  std::string text = ir::printProg(p);
  CHECK(text.find("cmp_size(\"" + f.name + ".suff_outer_par_0\", suff_outer_par) <= " +
                  f.params[0].name.str()) != std::string::npos);
}

TEST_CASE("gpu: without segmented reductions, a map of a reduce keeps the Screma in a SegMap") {
  DiagnosticEngine diags;
  Prog p = gpu::extractKernels(rowsumsProg(), diags, gpu::ExtractOptions{false, false});
  REQUIRE_FALSE(diags.hasErrors());
  ir::verify(p, ir::Stage::Gpu);
  CHECK(count(p, "SegMap") == 1);
  CHECK(count(p, "SegMap/Screma") == 1);
  CHECK(count(p, "SegRed") == 0);
  const SegOp& seg = segOpOf(p.funs[0].body.stms.back());
  // The row r = a[gtid, 0:m:1] is a slice of the parameter.
  const auto& row = std::get<BasicOp>(seg.body.stms.at(0).exp);
  CHECK(row.kind == BasicOp::Kind::Index);
  REQUIRE(row.slice.size() == 2);
  CHECK(row.slice[0].fixed);
  CHECK_FALSE(row.slice[1].fixed);
}

TEST_CASE("gpu: argmax is a SegRed with a non-commutative tuple operator") {
  Prog p = extract(argmaxProg());
  CHECK(count(p, "SegRed") == 1);
  // The index operand comes from the thread index (Note [Iota inputs]): no iota array.
  CHECK(count(p, "Iota") == 0);
  const SegOp& seg = segOpOf(p.funs[0].body.stms.back());
  REQUIRE(seg.ops.size() == 1);
  CHECK_FALSE(seg.ops[0].commutative);
  CHECK(seg.ops[0].neutral.size() == 2);
  CHECK(seg.types.size() == 2);
  CHECK(p.funs[0].body.stms.back().pat.size() == 2);
}

TEST_CASE("gpu: a perfect map nest becomes one two-dimensional SegMap") {
  Prog p = extract(mapNestProg());
  CHECK(count(p, "SegMap") == 1);
  CHECK(count(p, "SegMap/Screma") == 0);
  const SegOp& seg = segOpOf(p.funs[0].body.stms.back());
  REQUIRE(seg.space.dims.size() == 2);
  CHECK(seg.types.at(0) == ir::Type::prim(PrimType::I32));
  // x = a[gtid_1, gtid_2]: indexed straight from the outer array, no row binding.
  const auto& x = std::get<BasicOp>(seg.body.stms.at(0).exp);
  CHECK(x.arr == p.funs[0].params[2].name);
  REQUIRE(x.slice.size() == 2);
  CHECK(x.slice[0].index == SubExp(seg.space.dims[0].first));
  CHECK(x.slice[1].index == SubExp(seg.space.dims[1].first));
}

TEST_CASE("gpu: a scan with a reduction becomes a SegScan feeding a SegRed") {
  Prog p = extract(parsedProg(R"(#[entry() -> ()]
entry scanmax(n_1 : i64, xs_2 : [n_1]i64) : {[n_1]i64, i64} = {
  #[prov "scan"]
  let {r_10 : [n_1]i64, r_11 : i64} = screma(n_1, {xs_2})
    map \(x_9 : i64) : {i64, i64} -> {
      in {x_9, x_9}
    }
    scan {
      (commutative \(a_3 : i64, b_4 : i64) : {i64} -> {
        let {r_5 : i64} = add.i64 a_3 b_4
        in {r_5}
      }, {0i64})
    }
    reduce {
      (commutative \(a_6 : i64, b_7 : i64) : {i64} -> {
        let {r_8 : i64} = max.i64 a_6 b_7
        in {r_8}
      }, {-9223372036854775808i64})
    }
  in {r_10, r_11}
}
)"));
  CHECK(count(p, "SegScan") == 1);
  CHECK(count(p, "SegRed") == 1);
  const auto& stms = p.funs[0].body.stms;
  REQUIRE(stms.size() == 2);
  CHECK(stms[0].pat.size() == 2); // the scan and the reduction's operands
  CHECK(stms[1].pat.at(0).name == (VName{"r", 11}));
}

TEST_CASE("gpu: a stream is inlined as one chunk and its SOACs extracted") {
  Prog p = extract(parsedProg(R"(#[entry() -> ()]
entry streamsum(n_1 : i64, xs_2 : [n_1]f32) : {f32} = {
  #[prov "stream"]
  let {s_12 : f32} = stream_seq(n_1, {xs_2}, {0.0f32})
    \(chunk_3 : i64, acc_4 : f32, cs_5 : [chunk_3]f32) : {f32} -> {
      let {part_10 : f32} = screma(chunk_3, {cs_5})
        map \(x_9 : f32) : {f32} -> {
          in {x_9}
        }
        scan {}
        reduce {
          (commutative \(a_6 : f32, b_7 : f32) : {f32} -> {
            let {r_8 : f32} = add.f32 a_6 b_7
            in {r_8}
          }, {0.0f32})
        }
      let {total_11 : f32} = add.f32 acc_4 part_10
      in {total_11}
    }
  in {s_12}
}
)"));
  CHECK(count(p, "StreamSeq") == 0);
  CHECK(count(p, "SegRed") == 1);
}

namespace {

/// entry scat (n: i64) (is: [n]i64) (dest: *[7]f32) = scatter dest is (1, ...)
Prog scatterProg() {
  return parsedProg(R"(#[entry() -> ()]
entry scat(n_1 : i64, is_2 : [n_1]i64, dest_3 : *[7i64]f32) : {[7i64]f32} = {
  #[prov "scatter"]
  let {out_5 : [7i64]f32} = scatter(n_1, {is_2}, {dest_3})
    \(i_4 : i64) : {i64, f32} -> {
      in {i_4, 1.0f32}
    }
  in {out_5}
}
)");
}

} // namespace

TEST_CASE("gpu: scatter becomes a SegMap that writes into its destination") {
  Prog in = scatterProg();
  VName dest = in.funs[0].params[2].name;
  Prog p = extract(std::move(in));
  CHECK(count(p, "Scatter") == 0);
  CHECK(count(p, "SegMap") == 1);
  const SegOp& seg = segOpOf(p.funs[0].body.stms.at(0));
  CHECK(seg.kind == SegOp::Kind::Map);
  REQUIRE(seg.writeDests.size() == 1);
  CHECK(seg.writeDests[0] == dest);
  // The body returns the index, then the value (Note [Scattering SegMap]).
  REQUIRE(seg.body.result.size() == 2);
  CHECK(seg.body.result[1] == SubExp(PrimValue::floating(PrimType::F32, 1)));
  CHECK(ir::printProg(p).find("scatter into {" + dest.str() + "}") != std::string::npos);
}

TEST_CASE("gpu: the verifier rejects a scatter value of the wrong type") {
  Prog p = extract(scatterProg());
  auto& seg = std::get<SegOp>(std::get<Op>(p.funs[0].body.stms.at(0).exp));
  seg.types[1] = ir::Type::prim(PrimType::I32);
  seg.body.result[1] = PrimValue::integer(PrimType::I32, 1);
  CHECK_THROWS_WITH(ir::verify(p, ir::Stage::Gpu),
                    doctest::Contains("does not match its destination"));
}

TEST_CASE("gpu: scatter into a two-dimensional array, flattened first, is one SegMap") {
  // scatter (dest: [k][m]f32) is (vss: [n][m]f32); gpu/FlattenRowUpdates runs first in the
  // pipeline, so extraction meets a scatter into the reshaped, one-dimensional destination.
  DiagnosticEngine diags;
  auto in = ir::parseProg(R"(entry scat(k_1 : i64, m_2 : i64, dest_3 : *[k_1][m_2]f32, n_4 : i64, is_5 : [n_4]i64, vss_6 : [n_4][m_2]f32) : {[k_1][m_2]f32} = {
  let {out_9 : [k_1][m_2]f32} = scatter(n_4, {is_5, vss_6}, {dest_3})
    \(i_7 : i64, v_8 : [m_2]f32) : {i64, [m_2]f32} -> {
      in {i_7, v_8}
    }
  in {out_9}
}
)", diags);
  REQUIRE_MESSAGE(in.has_value(), diags.render());
  Prog p = extract(gpu::flattenRowUpdates(std::move(*in), diags));
  CHECK_FALSE(diags.hasErrors());
  CHECK(count(p, "Scatter") == 0);
  CHECK(count(p, "SegMap") == 1);
  for (const Stm& s : p.funs[0].body.stms)
    if (std::holds_alternative<Op>(s.exp)) {
      const SegOp& seg = segOpOf(s);
      REQUIRE(seg.writeDests.size() == 1);
      CHECK(s.pat.at(0).type.rank() == 1);
    }
}

TEST_CASE("gpu: SOACs in functions called from kernels stay sequential") {
  Prog p = sumProg();
  p.funs[0].entry = false;
  p.funs[0].name = "helper";
  // entry main (xss: [k][n]f32) = map (\xs -> helper n xs) xss
  ProgBuilder pb;
  pb.prog = std::move(p);
  const Param& n = pb.prog.funs[0].params[0];
  Param k = pb.param("k", ir::Type::prim(PrimType::I64));
  Param xss = pb.param("xss", ir::Type::array(PrimType::F32, {k.name, n.name}));
  Param row = pb.param("row", ir::Type::array(PrimType::F32, {n.name}));
  Builder lb = pb.builder();
  VName r = lb.let1("r", Exp{Apply{"helper", {n.name, row.name}, {ir::Type::prim(PrimType::F32)}}});
  Lambda f{{row}, lb.finish({r}), {ir::Type::prim(PrimType::F32)}};
  Builder b = pb.builder();
  VName out = b.let1("out", soacExp(Screma{k.name, {xss.name}, f, {}, {}}), prov("map"));
  pb.addFun("main", {n, k, xss}, {ir::Type::array(PrimType::F32, {k.name})}, b.finish({out}));
  DiagnosticEngine diags;
  Prog q = gpu::extractKernels(std::move(pb.prog), diags);
  CHECK(std::holds_alternative<Soac>(std::get<Op>(q.funs[0].body.stms.back().exp)));
  CHECK(std::holds_alternative<SegOp>(std::get<Op>(q.funs[1].body.stms.back().exp)));
}
