// Unit tests of memory introduction's reshape proofs (mem/SizeFacts): a reshape of a strided
// (not row-major) view whose sizes are equal only by an earlier assertion is a view of the
// source block; without the assertion it is the same view, as a one-dimensional strided
// view is one arithmetic progression, which reshapes whatever the facts (Note [Reshape];
// the IR guarantees equal counts). (A row-major source never needs a copy: lmad_ops_test
// covers that, and the groups that need the facts.)
#include "mem/IntroduceMemory.h"

#include "gpu_test_ir.h"
#include "ir/MemInfo.h"
#include "ir/Verify.h"
#include "support/Diagnostics.h"

#include <doctest/doctest.h>

using namespace fjord;
using namespace fjord::testir;
using symbolic::Expr;
using symbolic::Lmad;

namespace {

/// `fun (n: i64) (m: i64) (ys: [m]f32) = let evens = ys[0:m/2:2] in
///  [assert (n == m/2);] reshape [n] evens`, lowered to memory; returns the function and
/// the reshape's result.
std::pair<FunDef, VName> reshapeProgram(bool withAssertion) {
  ProgBuilder pb;
  Param n = pb.param("n", ir::Type::prim(PrimType::I64));
  Param m = pb.param("m", ir::Type::prim(PrimType::I64));
  Param ys = pb.param("ys", ir::Type::array(PrimType::F32, {m.name}));
  Builder b = pb.builder();
  SubExp half = b.binOp(BinOpKind::Div, PrimType::I64, m.name, i64c(2), "half");
  BasicOp slice;
  slice.kind = BasicOp::Kind::Index;
  slice.arr = ys.name;
  DimIndex strided;
  strided.fixed = false;
  strided.start = i64c(0);
  strided.count = half;
  strided.stride = i64c(2);
  slice.slice = {strided};
  VName evens = b.let1("evens", Exp{slice});
  if (withAssertion) {
    SubExp same = b.cmpOp(CmpOpKind::Eq, PrimType::I64, n.name, half, "same");
    b.assertion(same, "sizes differ", {});
  }
  BasicOp reshape;
  reshape.kind = BasicOp::Kind::Reshape;
  reshape.arr = evens;
  reshape.shape = {n.name};
  VName r = b.let1("ys_n", Exp{reshape});
  pb.addFun("f", {n, m, ys}, {}, b.finish({}));
  pb.prog.funs[0].entry = false;
  DiagnosticEngine diags;
  Prog q = mem::introduceMemory(std::move(pb.prog), diags);
  REQUIRE_FALSE(diags.hasErrors());
  ir::verify(q, ir::Stage::Mem);
  return {q.funs.at(0), r};
}

const Param* findPat(const Body& body, const VName& name) {
  for (const Stm& s : body.stms)
    for (const Param& p : s.pat)
      if (p.name == name)
        return &p;
  return nullptr;
}

int copies(const Body& body) {
  int k = 0;
  for (const Stm& s : body.stms)
    if (auto* op = std::get_if<BasicOp>(&s.exp); op && op->kind == BasicOp::Kind::Copy)
      ++k;
  return k;
}

} // namespace

TEST_CASE("mem: a strided view reshaped to a size asserted equal stays a view") {
  auto [f, r] = reshapeProgram(/*withAssertion=*/true);
  const Param* res = findPat(f.body, r);
  REQUIRE(res);
  const Param& ys = f.params.at(3); // n, m, ys_mem, ys
  CHECK(res->mem->block == ys.mem->block);
  Expr n = Expr::var(f.params.at(0).name.str());
  CHECK(res->mem->lmad == Lmad{0, {symbolic::Dim{n, 2}}});
  CHECK(copies(f.body) == 0);
}

TEST_CASE("mem: without the assertion the strided reshape is the same view") {
  auto [f, r] = reshapeProgram(/*withAssertion=*/false);
  const Param* res = findPat(f.body, r);
  REQUIRE(res);
  CHECK(res->mem->block == f.params.at(3).mem->block);
  Expr n = Expr::var(f.params.at(0).name.str());
  CHECK(res->mem->lmad == Lmad{0, {symbolic::Dim{n, 2}}});
  CHECK(copies(f.body) == 0);
}
