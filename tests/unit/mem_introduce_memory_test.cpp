// Unit tests of memory introduction (mem/IntroduceMemory): blocks and LMADs of parameters,
// views and fresh arrays, where allocations go, existential memory of `if` and loops, and
// what is reported as not supported yet.
#include "mem/IntroduceMemory.h"

#include "gpu/ExtractKernels.h"
#include "gpu_test_ir.h"
#include "ir/MemInfo.h"
#include "ir/Verify.h"
#include "ir/Count.h"
#include "support/Diagnostics.h"

#include <doctest/doctest.h>

using namespace fjord;
using namespace fjord::testir;
using symbolic::Expr;
using symbolic::Lmad;

namespace {

/// Kernel extraction, then memory introduction, verifying both stages.
Prog toMem(Prog p, const gpu::ExtractOptions& options = {}) {
  DiagnosticEngine diags;
  Prog g = gpu::extractKernels(std::move(p), diags, options);
  ir::verify(g, ir::Stage::Gpu);
  Prog m = mem::introduceMemory(std::move(g), diags);
  REQUIRE_FALSE(diags.hasErrors());
  ir::verify(m, ir::Stage::Mem);
  return m;
}

Expr var(const VName& v) { return Expr::var(v.str()); }

const Param* findPat(const Body& body, const VName& name) {
  for (const Stm& s : body.stms)
    for (const Param& p : s.pat)
      if (p.name == name)
        return &p;
  return nullptr;
}

int countKind(const Body& body, BasicOp::Kind kind) {
  int n = 0;
  for (const Stm& s : body.stms)
    if (auto* op = std::get_if<BasicOp>(&s.exp); op && op->kind == kind)
      ++n;
  return n;
}

ir::Type f32s(const VName& n) { return ir::Type::array(PrimType::F32, {n}); }

BasicOp indexOp(const VName& arr, Slice slice) {
  BasicOp op;
  op.kind = BasicOp::Kind::Index;
  op.arr = arr;
  op.slice = std::move(slice);
  return op;
}

DimIndex range(SubExp start, SubExp count, SubExp stride) {
  return DimIndex{/*fixed=*/false, {}, std::move(start), std::move(count), std::move(stride)};
}

} // namespace

TEST_CASE("mem: entry arrays get their own row-major blocks; a SegMap result one Alloc") {
  Prog p = toMem(scaleProg());
  const FunDef& f = p.funs[0];
  REQUIRE(f.params.size() == 3); // n, xs_mem, xs
  CHECK(f.params[1].type.kind == ir::Type::Kind::Mem);
  REQUIRE(f.params[2].mem);
  CHECK(f.params[2].mem->block == f.params[1].name);
  CHECK(f.params[2].mem->lmad == Lmad::rowMajor(0, {var(f.params[0].name)}));
  CHECK(ir::countConstruct(p, "Alloc") == 1);
  // Results: (block, array), the array row-major in the block.
  REQUIRE(f.body.result.size() == 2);
  REQUIRE(f.retTypes.size() == 2);
  CHECK(f.retTypes[0].kind == ir::Type::Kind::Mem);
  const Param* ys = findPat(f.body, f.body.result[1].var());
  REQUIRE(ys);
  CHECK(ys->mem->block == f.body.result[0].var());
  CHECK(ys->mem->lmad.str() == "0 + {(n_1 : 1)}");
}

TEST_CASE("mem: reductions to scalars allocate nothing") {
  CHECK(ir::countConstruct(toMem(sumProg()), "Alloc") == 0);
  CHECK(ir::countConstruct(toMem(dotProg()), "Alloc") == 0);
}

TEST_CASE("mem: a row of a parameter inside a kernel is a view at offset i*m") {
  // Reductions kept in the thread (the outer-parallel version): each thread reads its row.
  Prog p = toMem(rowsumsProg(), gpu::ExtractOptions{false, false});
  const FunDef& f = p.funs[0];
  const SegOp& seg = std::get<SegOp>(std::get<Op>(f.body.stms.back().exp));
  const Param& row = seg.body.stms.at(0).pat.at(0);
  const Param& a = f.params.at(3);
  REQUIRE(row.mem);
  CHECK(row.mem->block == a.mem->block);
  Expr i = var(seg.space.dims[0].first), m = var(f.params[1].name);
  CHECK(row.mem->lmad == Lmad{i * m, {{m, 1}}});
  CHECK(ir::countConstruct(p, "Alloc") == 1); // the result only
}

TEST_CASE("mem: argmax allocates nothing (its iota input is the thread index)") {
  Prog p = toMem(argmaxProg());
  CHECK(ir::countConstruct(p, "Alloc") == 0);
  CHECK(p.funs[0].body.result.size() == 2); // scalars: no blocks returned
}

TEST_CASE("mem: a two-dimensional SegMap result takes n*m*4 bytes") {
  Prog p = toMem(mapNestProg());
  const Body& body = p.funs[0].body;
  CHECK(ir::countConstruct(p, "Alloc") == 1);
  CHECK(countKind(body, BasicOp::Kind::BinOp) == 2); // n*m, then *4
}

TEST_CASE("mem: slices, reversal and transposition reuse the source block") {
  ProgBuilder pb;
  Param n = pb.param("n", ir::Type::prim(PrimType::I64));
  Param m = pb.param("m", ir::Type::prim(PrimType::I64));
  Param a = pb.param("a", ir::Type::array(PrimType::F32, {n.name, m.name}));
  Param xs = pb.param("xs", f32s(n.name));
  Builder b = pb.builder();
  // rows 1..n-1 step 2 of a; xs reversed; a transposed
  SubExp half = b.binOp(BinOpKind::Div, PrimType::I64, n.name, i64c(2), "half");
  VName odd = b.let1("odd", Exp{indexOp(a.name, {range(i64c(1), half, i64c(2))})});
  SubExp last = b.binOp(BinOpKind::Sub, PrimType::I64, n.name, i64c(1), "last");
  VName rev = b.let1("rev", Exp{indexOp(xs.name, {range(last, n.name, i64c(-1))})});
  BasicOp tr;
  tr.kind = BasicOp::Kind::Rearrange;
  tr.arr = a.name;
  tr.perm = {1, 0};
  VName at = b.let1("at", Exp{tr});
  BasicOp cp;
  cp.kind = BasicOp::Kind::Copy;
  cp.arr = at;
  VName atc = b.let1("atc", Exp{cp});
  Body body = b.finish({rev, atc});
  pb.addFun("views", {n, m, a, xs},
            {f32s(n.name), ir::Type::array(PrimType::F32, {m.name, n.name})}, body);
  pb.prog.funs[0].entry = false; // results may be views
  DiagnosticEngine diags;
  Prog q = mem::introduceMemory(std::move(pb.prog), diags);
  ir::verify(q, ir::Stage::Mem);
  const FunDef& f = q.funs[0];
  const Param& aMem = f.params[3];
  const Param *o = findPat(f.body, odd), *r = findPat(f.body, rev), *t = findPat(f.body, at);
  REQUIRE((o && r && t));
  Expr ne = var(n.name), me = var(m.name);
  CHECK(o->mem->block == aMem.mem->block);
  // Sizes defined by i64 arithmetic appear expanded (half = n / 2, last = n - 1).
  CHECK(o->mem->lmad == Lmad{me, {{symbolic::floorDiv(ne, 2), 2 * me}, {me, 1}}});
  CHECK(r->mem->block == f.params[4].name);
  CHECK(r->mem->lmad == Lmad{ne - 1, {{ne, -1}}});
  CHECK(r->mem->lmad.str() == "n_1 - 1 + {(n_1 : -1)}");
  CHECK(t->mem->block == aMem.mem->block);
  CHECK(t->mem->lmad == Lmad{0, {{me, 1}, {ne, me}}});
  // The explicit copy of the transpose allocates, and so does the copy of the reversed
  // result on return (function results are row-major at offset 0).
  CHECK(countKind(f.body, BasicOp::Kind::Copy) == 2);
  CHECK(ir::countConstruct(q, "Alloc") == 2);
}

TEST_CASE("mem: an entry point returning its parameter copies it into a fresh block") {
  ProgBuilder pb;
  Param n = pb.param("n", ir::Type::prim(PrimType::I64));
  Param xs = pb.param("xs", f32s(n.name));
  pb.addFun("id", {n, xs}, {f32s(n.name)}, Body{{}, {xs.name}});
  Prog p = toMem(std::move(pb.prog));
  const FunDef& f = p.funs[0];
  CHECK(ir::countConstruct(p, "Alloc") == 1);
  CHECK(countKind(f.body, BasicOp::Kind::Copy) == 1);
  CHECK_FALSE(f.body.result[0].var() == f.params[1].name);
}

TEST_CASE("mem: reshape is a view when the LMAD allows it and a copy otherwise") {
  ProgBuilder pb;
  Param n = pb.param("n", ir::Type::prim(PrimType::I64));
  Param m = pb.param("m", ir::Type::prim(PrimType::I64));
  Param a = pb.param("a", ir::Type::array(PrimType::F32, {n.name, m.name}));
  Builder b = pb.builder();
  SubExp nm = b.binOp(BinOpKind::Mul, PrimType::I64, n.name, m.name, "nm");
  BasicOp flat;
  flat.kind = BasicOp::Kind::Reshape;
  flat.arr = a.name;
  flat.shape = {nm};
  VName fa = b.let1("flat", Exp{flat});
  BasicOp tr;
  tr.kind = BasicOp::Kind::Rearrange;
  tr.arr = a.name;
  tr.perm = {1, 0};
  VName at = b.let1("at", Exp{tr});
  flat.arr = at;
  VName ft = b.let1("flat_t", Exp{flat});
  // (The results are not returned: result types may not mention `nm`.)
  pb.addFun("flatten", {n, m, a}, {}, b.finish({}));
  pb.prog.funs[0].entry = false;
  DiagnosticEngine diags;
  Prog q = mem::introduceMemory(std::move(pb.prog), diags);
  ir::verify(q, ir::Stage::Mem);
  const FunDef& f = q.funs[0];
  const Param *x = findPat(f.body, fa), *y = findPat(f.body, ft);
  REQUIRE((x && y));
  const Param& aParam = f.params.at(3);
  CHECK(x->mem->block == aParam.mem->block); // a view of `a`
  CHECK(x->mem->lmad == Lmad::rowMajor(0, {var(n.name) * var(m.name)}));
  CHECK_FALSE(y->mem->block == aParam.mem->block); // reshaped from a copy
  CHECK(countKind(f.body, BasicOp::Kind::Copy) == 1);
}

TEST_CASE("mem: an if whose branches view one block differently returns existential strides") {
  ProgBuilder pb;
  Param n = pb.param("n", ir::Type::prim(PrimType::I64));
  Param c = pb.param("c", ir::Type::prim(PrimType::Bool));
  Param xs = pb.param("xs", f32s(n.name));
  Builder eb = pb.builder();
  SubExp last = eb.binOp(BinOpKind::Sub, PrimType::I64, n.name, i64c(1), "last");
  VName rev = eb.let1("rev", Exp{indexOp(xs.name, {range(last, n.name, i64c(-1))})});
  If e{c.name, Body{{}, {xs.name}}, eb.finish({rev}), {f32s(n.name)}};
  Builder b = pb.builder();
  VName r = b.let1("r", Exp{e});
  If same{c.name, Body{{}, {xs.name}}, Body{{}, {xs.name}}, {f32s(n.name)}};
  VName s = b.let1("s", Exp{same});
  pb.addFun("maybe_rev", {n, c, xs}, {f32s(n.name), f32s(n.name)}, b.finish({r, s}));
  Prog p = toMem(std::move(pb.prog));
  const FunDef& f = p.funs[0];
  const Stm& ifStm = f.body.stms.at(0);
  const If& res = std::get<If>(ifStm.exp);
  // Both branches are views of xs's block: offset (0 / n-1) and stride (1 / -1) differ and
  // are existential i64 results; the block stays xs's and nothing is copied
  // (Note [Existential LMADs] in mem/Existential.cpp).
  REQUIRE(ifStm.pat.size() == 3); // offset, stride, array
  CHECK(ifStm.pat[0].type == ir::Type::prim(PrimType::I64));
  CHECK(ifStm.pat[1].type == ir::Type::prim(PrimType::I64));
  CHECK(ifStm.pat[2].mem->block == f.params[2].name);
  CHECK(ifStm.pat[2].mem->lmad ==
        Lmad{var(ifStm.pat[0].name), {symbolic::Dim{var(f.params[0].name), var(ifStm.pat[1].name)}}});
  CHECK(res.types.size() == 3);
  CHECK(res.thenBody.result.at(0) == SubExp(PrimValue::int64(0)));
  CHECK(res.thenBody.result.at(1) == SubExp(PrimValue::int64(1)));
  CHECK(res.elseBody.result.at(1) == SubExp(PrimValue::int64(-1)));
  CHECK(countKind(res.elseBody, BasicOp::Kind::Copy) == 0);
  // Equal layouts: no existential.
  const Stm& sameStm = f.body.stms.at(1);
  REQUIRE(sameStm.pat.size() == 1);
  CHECK(sameStm.pat[0].mem->block == f.params[2].name);
  // Both results may alias the parameter, so the entry point copies both.
  CHECK(countKind(f.body, BasicOp::Kind::Copy) == 2);
}

TEST_CASE("mem: an array loop parameter carries its block as a merge parameter") {
  ProgBuilder pb;
  Param n = pb.param("n", ir::Type::prim(PrimType::I64));
  Builder b = pb.builder();
  BasicOp rep;
  rep.kind = BasicOp::Kind::Replicate;
  rep.shape = {n.name};
  rep.args = {PrimValue::floating(PrimType::F32, 0)};
  VName zeros = b.let1("zeros", Exp{rep});
  Param acc = pb.param("acc", ir::Type::array(PrimType::F32, {n.name}, true));
  Param i = pb.param("i", ir::Type::prim(PrimType::I64));
  Builder lb = pb.builder();
  BasicOp upd;
  upd.kind = BasicOp::Kind::Update;
  upd.arr = acc.name;
  upd.slice = {DimIndex{true, i.name, {}, {}, {}}};
  upd.args = {PrimValue::floating(PrimType::F32, 1)};
  VName acc2 = lb.let1("acc2", Exp{upd});
  Loop loop;
  loop.merge = {{acc, zeros}};
  loop.iterator = i.name;
  loop.bound = n.name;
  loop.body = lb.finish({acc2});
  Stm ls{{Param{pb.prog.names.fresh("ones"), f32s(n.name), nullptr}}, Exp{loop}, prov("loop")};
  VName ones = ls.pat[0].name;
  b.add(ls);
  pb.addFun("ones", {n}, {f32s(n.name)}, b.finish({ones}));
  Prog p = toMem(std::move(pb.prog));
  const FunDef& f = p.funs[0];
  const Stm& s = f.body.stms.back();
  const Loop& l = std::get<Loop>(s.exp);
  REQUIRE(l.merge.size() == 2);
  CHECK(l.merge[0].first.type.kind == ir::Type::Kind::Mem);
  CHECK(l.merge[1].first.mem->block == l.merge[0].first.name);
  CHECK(l.body.result.size() == 2);
  REQUIRE(s.pat.size() == 2);
  CHECK(s.pat[1].mem->block == s.pat[0].name);
  CHECK(ir::countConstruct(p, "Alloc") == 1); // the replicate; the update is in place
}

TEST_CASE("mem: an array a kernel creates as its result is built in the result's row") {
  // map (\x -> replicate m x) xs: no expansion, the replicate writes the thread's row.
  ProgBuilder pb;
  Param n = pb.param("n", ir::Type::prim(PrimType::I64));
  Param m = pb.param("m", ir::Type::prim(PrimType::I64));
  Param xs = pb.param("xs", f32s(n.name));
  Builder lb = pb.builder();
  Param x = lb.param("x", ir::Type::prim(PrimType::F32));
  BasicOp rep;
  rep.kind = BasicOp::Kind::Replicate;
  rep.shape = {m.name};
  rep.args = {x.name};
  VName row = lb.let1("row", Exp{rep}, prov("replicate"));
  Lambda f{{x}, lb.finish({row}), {f32s(m.name)}};
  Builder b = pb.builder();
  VName out = b.let1("out", soacExp(Screma{n.name, {xs.name}, f, {}, {}}), prov("map"));
  pb.addFun("rows", {n, m, xs}, {ir::Type::array(PrimType::F32, {n.name, m.name})},
            b.finish({out}));
  Prog p = toMem(std::move(pb.prog));
  CHECK(ir::countConstruct(p, "Alloc") == 1); // the result only
  const Stm& segStm = p.funs[0].body.stms.back();
  const SegOp& seg = std::get<SegOp>(std::get<Op>(segStm.exp));
  const Param* built = findPat(seg.body, row);
  REQUIRE(built);
  REQUIRE(built->mem);
  CHECK(built->mem->block == segStm.pat.at(0).mem->block);
  Expr i = var(seg.space.dims[0].first), mm = var(m.name);
  CHECK(built->mem->lmad == Lmad{i * mm, {{mm, 1}}});
}
