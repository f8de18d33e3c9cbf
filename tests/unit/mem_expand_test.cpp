// Unit tests of memory expansion (mem/Expand, Note [Memory expansion]): the expanded LMAD
// puts the thread index innermost with stride 1 and gives threads disjoint slices; memory
// introduction hoists one allocation per kernel temporary to the host; per-thread sizes
// that depend on the thread are reported as not supported yet.
#include "mem/Expand.h"

#include "gpu/ExtractKernels.h"
#include "gpu_test_ir.h"
#include "ir/MemInfo.h"
#include "ir/Verify.h"
#include "ir/Count.h"
#include "mem/IntroduceMemory.h"
#include "support/Diagnostics.h"

#include <doctest/doctest.h>

#include <algorithm>
#include <set>

using namespace fjord;
using namespace fjord::testir;
using symbolic::Expr;
using symbolic::Lmad;

namespace {

Expr var(const VName& v) { return Expr::var(v.str()); }

/// `entry f (xs: [n]i32) : [n]i32 = map (\x -> reduce (+) 0 (<make> x)) xs`, where `make`
/// builds the per-thread array from `x` with the lambda's builder; returns the program and
/// the per-thread array's name.
template <typename Make> std::pair<Prog, VName> sumOfTemporary(Make make) {
  ProgBuilder pb;
  Param n = pb.param("n", ir::Type::prim(PrimType::I64));
  Param xs = pb.param("xs", ir::Type::array(PrimType::I32, {n.name}));
  Builder lb = pb.builder();
  Param x = lb.param("x", ir::Type::prim(PrimType::I32));
  auto [tmp, width] = make(lb, n, x);
  RedOp add = pb.binRedOp(BinOpKind::Add, PrimType::I32, PrimValue::integer(PrimType::I32, 0));
  Lambda id = pb.identity({ir::Type::prim(PrimType::I32)});
  VName s = lb.let1("s", soacExp(Screma{width, {tmp}, id, {}, {add}}), prov("reduce"));
  Lambda f{{x}, lb.finish({s}), {ir::Type::prim(PrimType::I32)}};
  Builder b = pb.builder();
  VName out = b.let1("out", soacExp(Screma{n.name, {xs.name}, f, {}, {}}), prov("map"));
  pb.addFun("f", {n, xs}, {ir::Type::array(PrimType::I32, {n.name})}, b.finish({out}));
  return {std::move(pb.prog), tmp};
}

/// `replicate [4] x` (a per-thread temporary of a size known before the kernel).
std::pair<VName, SubExp> replicate4(Builder& lb, const Param&, const Param& x) {
  BasicOp rep;
  rep.kind = BasicOp::Kind::Replicate;
  rep.shape = {i64c(4)};
  rep.args = {x.name};
  return {lb.let1("t", Exp{rep}, prov("replicate")), i64c(4)};
}

const Param* findPat(const Body& body, const VName& name) {
  for (const Stm& s : body.stms)
    for (const Param& p : s.pat)
      if (p.name == name)
        return &p;
  return nullptr;
}

} // namespace

TEST_CASE("mem: the expanded LMAD puts the thread index innermost with stride 1") {
  Expr p = Expr::var("p"), points = Expr::var("P"), m = Expr::var("m");
  Lmad l = mem::expandedLmad({m, 4}, p, points);
  CHECK(l == Lmad{p, {{m, 4 * points}, {4, points}}});
  // Element (i, j) of thread p is at p + P * (4 * i + j): threads side by side.
  CHECK(l.apply({Expr(2), Expr(3)}) == p + points * 11);
  CHECK(mem::expandedLmad({}, p, points) == Lmad{p, {}});
}

TEST_CASE("mem: a nested lambda's row parameter is a view of its input's row") {
  // Row `i` of `transpose b` for b: [m][p] row-major is column i of b: offset i, stride p.
  Expr i = Expr::var("%iter.col_7"), m = Expr::var("m"), p = Expr::var("p");
  Lmad bT = Lmad::rowMajor(0, {m, p}).permute({1, 0});
  CHECK(mem::rowAt(bT, i) == Lmad{i, {{m, p}}});
  CHECK(mem::rowAt(Lmad::rowMajor(0, {m, p}), i) == Lmad{i * p, {{p, 1}}});
}

TEST_CASE("mem: expanded slices of different threads are disjoint and fill the block") {
  // 5 threads, 3x2 elements each: the union is exactly 0 .. 29, each address once.
  std::vector<int64_t> all;
  for (int64_t t = 0; t < 5; ++t) {
    Lmad l = mem::expandedLmad({3, 2}, Expr::var("p"), Expr(5));
    auto addrs = l.addresses({{"p", t}});
    REQUIRE(addrs);
    CHECK(addrs->front() == t); // element (0, 0) of thread t: coalesced across threads
    all.insert(all.end(), addrs->begin(), addrs->end());
  }
  std::sort(all.begin(), all.end());
  std::vector<int64_t> expected(30);
  for (int64_t k = 0; k < 30; ++k)
    expected[k] = k;
  CHECK(all == expected);
}

TEST_CASE("mem: a kernel temporary gets one expanded allocation hoisted before the kernel") {
  auto [prog, tmp] = sumOfTemporary(replicate4);
  DiagnosticEngine diags;
  // The sum kept in the thread (the outer-parallel version), the temporary in the kernel.
  Prog g = gpu::extractKernels(std::move(prog), diags, gpu::ExtractOptions{false, false});
  Prog m = mem::introduceMemory(std::move(g), diags);
  REQUIRE_FALSE(diags.hasErrors());
  ir::verify(m, ir::Stage::Mem);
  CHECK(ir::countConstruct(m, "Alloc") == 2); // the result and the temporary
  const FunDef& f = m.funs[0];
  const Stm& segStm = f.body.stms.back();
  const SegOp& seg = std::get<SegOp>(std::get<Op>(segStm.exp));
  const Param* t = findPat(seg.body, tmp);
  REQUIRE(t);
  REQUIRE(t->mem);
  // The block is allocated on the host, before the SegOp: n * 4 elements of 4 bytes.
  const Param* block = findPat(f.body, t->mem->block);
  REQUIRE(block);
  Expr n = var(f.params[0].name);
  // One dimension: the point is the space's index, innermost with stride 1.
  CHECK(t->mem->lmad == Lmad{var(seg.space.dims.at(0).first), {{4, n}}});
  for (const Stm& s : seg.body.stms) {
    const Op* op = std::get_if<Op>(&s.exp);
    CHECK_FALSE((op && std::holds_alternative<Alloc>(*op)));
  }
}

TEST_CASE("mem: a per-thread array of thread-dependent size is not supported yet") {
  // map (\x -> reduce (+) 0 (iota (i64 x)))
  auto [prog, tmp] = sumOfTemporary([](Builder& lb, const Param&, const Param& x) {
    SubExp k = lb.convert(PrimType::I32, PrimType::I64, x.name, "k");
    BasicOp iota;
    iota.kind = BasicOp::Kind::Iota;
    iota.type = PrimType::I32;
    iota.args = {k, PrimValue::integer(PrimType::I32, 0), PrimValue::integer(PrimType::I32, 1)};
    return std::pair<VName, SubExp>{lb.let1("is", Exp{iota}, prov("iota")), k};
  });
  DiagnosticEngine diags;
  Prog g = gpu::extractKernels(std::move(prog), diags);
  mem::introduceMemory(std::move(g), diags);
  REQUIRE(diags.all().size() == 1);
  CHECK(diags.all()[0].message ==
        "an array of thread-dependent size inside a kernel is not supported yet");
}
