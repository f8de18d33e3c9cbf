// Unit tests of user-facing LMAD slices (thesis §3.3, Note [LMAD slices] in syntax/Ast.h):
// their syntax, the bounds and separation conditions (symbolic/LmadSlice.h), and the LMAD
// that memory introduction gives a FlatIndex (a view of the source's block, no copy).
#include "gpu_test_ir.h"
#include "ir/MemInfo.h"
#include "ir/Verify.h"
#include "ir/Count.h"
#include "mem/IntroduceMemory.h"
#include "support/Diagnostics.h"
#include "symbolic/LmadSlice.h"
#include "syntax_test_util.h"

#include <doctest/doctest.h>

using namespace fjord;
using fjord::syntax_test::expr;
using symbolic::ConcreteDim;
using symbolic::Expr;
using symbolic::Lmad;
using symbolic::Truth;

namespace {

/// The FlatIndex `arr[o + {(n1 : s1), ...}]` with operands `args` = {o, n1, s1, ...}.
ir::BasicOp flatIndex(const ir::VName& arr, std::vector<ir::SubExp> args) {
  ir::BasicOp op;
  op.kind = ir::BasicOp::Kind::FlatIndex;
  op.arr = arr;
  op.args = std::move(args);
  return op;
}

const ir::Param* findPat(const ir::Body& body, const ir::VName& name) {
  for (const ir::Stm& s : body.stms)
    for (const ir::Param& p : s.pat)
      if (p.name == name)
        return &p;
  return nullptr;
}

ir::SubExp i64(int64_t v) { return ir::PrimValue::int64(v); }

} // namespace

TEST_CASE("lmad slice: parsing as an index, an update and a let binding") {
  CHECK(expr("xs[o + {(n : 1), (m : n)}]") == "(flat-index xs o + {(n : 1), (m : n)})");
  CHECK(expr("xs[{(3 : 5)}]") == "(flat-index xs 0 + {(3 : 5)})");
  CHECK(expr("xs[i * b + 1 + {(b : n - 1)}]") == "(flat-index xs (+ (* i b) 1) + {(b : (- n 1))})");
  CHECK(expr("xs with [2 + {(2 : 3)}] = v") == "(flat-update xs 2 + {(2 : 3)} v)");
  CHECK(expr("let xs[1 + {(2 : 4), (2 : 1)}] = v in xs") ==
        "(let xs (flat-update xs 1 + {(2 : 4), (2 : 1)} v) xs)");
  // Ordinary indexing and record literals are unaffected.
  CHECK(expr("xs[i, 1:n]") == "(index xs [i, 1:n])");
  CHECK(expr("xs[o / {(2 : 1)}]").find("expected `+`") != std::string::npos);
  CHECK(expr("xs[o - {(2 : 1)}]").rfind("error", 0) == 0);
}

TEST_CASE("lmad slice: concrete bounds and separation") {
  using symbolic::sliceInBounds;
  using symbolic::sliceSeparated;
  // The 2x2 block at (1, 1) of a 4x4 matrix: addresses 5, 6, 9, 10.
  CHECK(sliceInBounds(5, {{2, 4}, {2, 1}}, 16));
  CHECK_FALSE(sliceInBounds(5, {{2, 4}, {2, 1}}, 10));
  // A reversed row: addresses 3, 2, 1, 0; one step further starts at -1.
  CHECK(sliceInBounds(3, {{4, -1}}, 4));
  CHECK_FALSE(sliceInBounds(2, {{4, -1}}, 4));
  // Empty slices are in bounds anywhere; negative sizes never.
  CHECK(sliceInBounds(100, {{0, 1}, {5, 7}}, 4));
  CHECK_FALSE(sliceInBounds(0, {{-1, 1}}, 4));
  // A transposition is separated, an overlapping window is not, broadcasting (stride 0)
  // writes one element many times.
  CHECK(sliceSeparated({{3, 1}, {2, 3}}));
  CHECK_FALSE(sliceSeparated({{3, 1}, {2, 2}}));
  CHECK_FALSE(sliceSeparated({{2, 0}}));
  CHECK(sliceSeparated({{1, 0}, {3, 1}})); // a dimension of size 1 writes nothing twice
  CHECK(sliceSeparated({{0, 0}, {3, 0}})); // empty
}

TEST_CASE("lmad slice: symbolic verdicts for the type checker") {
  symbolic::Prover prover;
  Expr n = Expr::var("n");
  Expr nine = 9;
  // Constant slices are decided exactly.
  CHECK(symbolic::sliceInBounds(Lmad{5, {{3, 1}, {2, 3}}}, &nine, prover) == Truth::False);
  CHECK(symbolic::sliceInBounds(Lmad{0, {{3, 1}, {2, 3}}}, &nine, prover) == Truth::True);
  CHECK(symbolic::sliceSeparated(Lmad{0, {{3, 1}, {2, 2}}}, prover) == Truth::False);
  CHECK(symbolic::sliceSeparated(Lmad{0, {{3, 1}, {2, 3}}}, prover) == Truth::True);
  // A negative offset is out of bounds whatever the length; an unknown stride is undecided.
  CHECK(symbolic::sliceInBounds(Lmad{-1, {{2, 1}}}, nullptr, prover) == Truth::False);
  CHECK(symbolic::sliceInBounds(Lmad{0, {{2, n}}}, &nine, prover) == Truth::Unknown);
  CHECK(symbolic::sliceSeparated(Lmad{0, {{2, n}, {3, 1}}}, prover) == Truth::Unknown);
}

TEST_CASE("lmad slice: a FlatIndex is a view of its source's block") {
  testir::ProgBuilder pb;
  ir::Param n = pb.param("n", ir::Type::prim(PrimType::I64));
  ir::Param m = pb.param("m", ir::Type::prim(PrimType::I64));
  ir::Param a = pb.param("a", ir::Type::array(PrimType::F32, {n.name, m.name}));
  ir::Builder b = pb.builder();
  // The transpose of `a` through strides (1, m), and the block at offset o.
  ir::VName t = b.let1("t", ir::Exp{flatIndex(a.name, {i64(0), m.name, i64(1), n.name, m.name})});
  ir::BasicOp tr;
  tr.kind = ir::BasicOp::Kind::Rearrange;
  tr.arr = a.name;
  tr.perm = {1, 0};
  ir::VName at = b.let1("at", ir::Exp{tr});
  // A slice of the transposed view: its elements in row-major order need a copy first.
  ir::VName d = b.let1("d", ir::Exp{flatIndex(at, {i64(1), i64(2), m.name})});
  pb.addFun("views", {n, m, a}, {}, b.finish({}));
  pb.prog.funs[0].entry = false;
  DiagnosticEngine diags;
  ir::Prog q = mem::introduceMemory(std::move(pb.prog), diags);
  REQUIRE_FALSE(diags.hasErrors());
  ir::verify(q, ir::Stage::Mem);
  const ir::FunDef& f = q.funs[0];
  const ir::Param& aParam = f.params.at(3);
  const ir::Param *tp = findPat(f.body, t), *dp = findPat(f.body, d);
  REQUIRE((tp && dp));
  Expr ne = Expr::var(n.name.str()), me = Expr::var(m.name.str());
  CHECK(tp->mem->block == aParam.mem->block);
  CHECK(tp->mem->lmad == Lmad{0, {{me, 1}, {ne, me}}});
  CHECK_FALSE(dp->mem->block == aParam.mem->block);
  CHECK(dp->mem->lmad == Lmad{1, {{2, me}}});
  CHECK(ir::countConstruct(q, "Alloc") == 1); // the copy of the transposed view only
}
