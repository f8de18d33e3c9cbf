// Fusion: vertical (map-map, map-reduce, map-scan), horizontal, and the cases where fusion
// must not happen (a use in between, an indexed producer, an in-place update of an input).
#include "ir/Builder.h"
#include "ir/Count.h"
#include "ir/Print.h"
#include "ir/Verify.h"
#include "opt/Fuse.h"
#include "opt/Simplify.h"

#include <doctest/doctest.h>

using namespace fjord::ir;
using fjord::PrimType;
using fjord::ir::Type;

namespace {

const Type kF32 = Type::prim(PrimType::F32);
const Type kI64 = Type::prim(PrimType::I64);

/// Builds IR for one function over `n : i64` and `xs : [n]f32`.
struct Fixture {
  Prog prog;
  TypeEnv env;
  Builder b{prog.names, env};
  FunDef fun;
  VName n, xs;

  Fixture() {
    fun.name = std::string("f"); // not `= "f"`: g++ 12 warns falsely (-Wrestrict, GCC bug 105329)
    n = b.param("n", kI64).name;
    xs = b.param("xs", Type::array(PrimType::F32, {n})).name;
    fun.params = {Param{n, kI64, nullptr}, Param{xs, env.at(xs), nullptr}};
  }

  /// `map (\x -> x op c) in`
  VName map(VName in, BinOpKind op, double c, const std::string& name) {
    Screma s;
    s.width = n;
    s.inputs = {in};
    Param x = b.param("x", kF32);
    s.map.params = {x};
    Builder lb(prog.names, env);
    SubExp y = lb.binOp(op, PrimType::F32, x.name, PrimValue::floating(PrimType::F32, c), "y");
    s.map.body = lb.finish({y});
    s.map.retTypes = {kF32};
    return b.let1(name, Op{Soac{s}}, {{}, "map"});
  }

  RedOp plus() {
    RedOp r;
    Param a = b.param("a", kF32), c = b.param("c", kF32);
    Builder lb(prog.names, env);
    SubExp s = lb.binOp(BinOpKind::Add, PrimType::F32, a.name, c.name, "s");
    r.op = Lambda{{a, c}, lb.finish({s}), {kF32}};
    r.neutral = {PrimValue::floating(PrimType::F32, 0)};
    return r;
  }

  /// `reduce (+) 0 in` or `scan (+) 0 in`
  VName reduce(VName in, bool scan, const std::string& name) {
    Screma s;
    s.width = n;
    s.inputs = {in};
    Param x = b.param("x", kF32);
    s.map = Lambda{{x}, Body{{}, {x.name}}, {kF32}};
    (scan ? s.scans : s.reds).push_back(plus());
    return b.let1(name, Op{Soac{s}}, {{}, scan ? "scan" : "reduce"});
  }

  Prog finish(std::vector<SubExp> res) {
    for (const SubExp& r : res)
      fun.retTypes.push_back(subExpType(r, env));
    fun.body = b.finish(std::move(res));
    prog.funs.push_back(fun);
    verify(prog, Stage::Core);
    return prog;
  }
};

Prog fused(Prog p) {
  Prog out = fjord::opt::simplify(fjord::opt::fuse(std::move(p)));
  verify(out, Stage::Core);
  return out;
}

int scremas(const Prog& p) { return countConstructs(p)["Screma"]; }

const Screma& firstScrema(const Prog& p) {
  for (const Stm& s : p.funs[0].body.stms)
    if (auto* op = std::get_if<Op>(&s.exp))
      return std::get<Screma>(std::get<Soac>(*op));
  FAIL("no screma");
  return std::get<Screma>(std::get<Soac>(std::get<Op>(p.funs[0].body.stms.at(0).exp)));
}

} // namespace

TEST_CASE("opt: map-map fusion composes the lambdas") {
  Fixture f;
  VName ys = f.map(f.xs, BinOpKind::Mul, 2, "ys");
  VName zs = f.map(ys, BinOpKind::Add, 1, "zs");
  Prog p = fused(f.finish({zs}));
  CHECK(scremas(p) == 1);
  const Screma& s = firstScrema(p);
  CHECK(s.inputs == std::vector<VName>{f.xs});
  CHECK(s.map.body.stms.size() == 2);
}

TEST_CASE("opt: a map fuses into a reduce and into a scan") {
  Fixture f;
  VName ys = f.map(f.xs, BinOpKind::Mul, 2, "ys");
  VName r = f.reduce(ys, /*scan=*/false, "r");
  Prog p = fused(f.finish({r}));
  CHECK(scremas(p) == 1);
  CHECK(firstScrema(p).reds.size() == 1);
  CHECK(firstScrema(p).inputs == std::vector<VName>{f.xs});

  Fixture g;
  VName ys2 = g.map(g.xs, BinOpKind::Mul, 2, "ys");
  VName sc = g.reduce(ys2, /*scan=*/true, "sc");
  Prog q = fused(g.finish({sc}));
  CHECK(scremas(q) == 1);
  CHECK(firstScrema(q).scans.size() == 1);
}

TEST_CASE("opt: a producer used elsewhere stays a result of the fused screma") {
  Fixture f;
  VName ys = f.map(f.xs, BinOpKind::Mul, 2, "ys");
  VName r = f.reduce(ys, false, "r");
  Prog p = fused(f.finish({r, ys}));
  CHECK(scremas(p) == 1); // no duplicated work: ys is computed once
  const Stm& s = p.funs[0].body.stms.back();
  REQUIRE(s.pat.size() == 2);
  CHECK(s.pat[0].name == r);  // reduction results first
  CHECK(s.pat[1].name == ys); // then the kept map result
}

TEST_CASE("opt: independent scremas over the same input fuse horizontally") {
  Fixture f;
  VName a = f.reduce(f.xs, false, "a");
  VName b = f.map(f.xs, BinOpKind::Mul, 3, "b");
  Prog p = fused(f.finish({a, b}));
  CHECK(scremas(p) == 1);
  CHECK(firstScrema(p).inputs.size() == 1);
}

TEST_CASE("opt: no fusion across a use of the producer's result") {
  Fixture f;
  VName ys = f.map(f.xs, BinOpKind::Mul, 2, "ys");
  BasicOp idx;
  idx.kind = BasicOp::Kind::Index;
  idx.arr = ys;
  idx.slice = {DimIndex{true, PrimValue::int64(0), {}, {}, {}}};
  VName first = f.b.let1("first", idx);
  VName zs = f.map(ys, BinOpKind::Add, 1, "zs");
  Prog p = fused(f.finish({zs, first}));
  CHECK(scremas(p) == 2);
}

TEST_CASE("opt: no fusion into a consumer that indexes the producer's result") {
  Fixture f;
  VName ys = f.map(f.xs, BinOpKind::Mul, 2, "ys");
  Screma s;
  s.width = f.n;
  s.inputs = {f.xs};
  Param x = f.b.param("x", kF32);
  s.map.params = {x};
  Builder lb(f.prog.names, f.env);
  BasicOp idx;
  idx.kind = BasicOp::Kind::Index;
  idx.arr = ys;
  idx.slice = {DimIndex{true, PrimValue::int64(0), {}, {}, {}}};
  SubExp y0 = lb.let1("y0", idx);
  SubExp z = lb.binOp(BinOpKind::Add, PrimType::F32, x.name, y0, "z");
  s.map.body = lb.finish({z});
  s.map.retTypes = {kF32};
  VName zs = f.b.let1("zs", Op{Soac{s}});
  Prog p = fused(f.finish({zs}));
  CHECK(scremas(p) == 2);
}

TEST_CASE("opt: no fusion past an in-place update of the producer's input") {
  Fixture f;
  BasicOp cp;
  cp.kind = BasicOp::Kind::Copy;
  cp.arr = f.xs;
  VName buf = f.b.let1("buf", cp);
  VName ys = f.map(buf, BinOpKind::Mul, 2, "ys");
  BasicOp upd;
  upd.kind = BasicOp::Kind::Update;
  upd.arr = buf;
  upd.slice = {DimIndex{true, PrimValue::int64(0), {}, {}, {}}};
  upd.args = {PrimValue::floating(PrimType::F32, 0)};
  VName buf2 = f.b.let1("buf2", upd);
  VName r = f.reduce(ys, false, "r");
  Prog p = fused(f.finish({r, buf2}));
  CHECK(scremas(p) == 2);
}
