// Core IR support: textual forms, the printer, the verifier, traversals and the construct
// counter, on IR built with ir::Builder (the IR parser is a later issue).
#include "ir/Builder.h"
#include "ir/Count.h"
#include "ir/MemInfo.h"
#include "ir/Print.h"
#include "ir/Traverse.h"
#include "ir/Verify.h"
#include "support/Diagnostics.h"

#include <doctest/doctest.h>

using namespace fjord::ir;
using fjord::InternalError;
using fjord::PrimType;
using fjord::ir::Type;

namespace {

/// `fun f(n : i64, xs : [n]f32) = map (\x -> x * 2) xs`, built by hand.
Prog scaleProg() {
  Prog p;
  TypeEnv env;
  Builder b(p.names, env);
  FunDef f;
  f.name = "f";
  Param n = b.param("n", Type::prim(PrimType::I64));
  Param xs = b.param("xs", Type::array(PrimType::F32, {n.name}));
  f.params = {n, xs};
  Screma s;
  s.width = n.name;
  s.inputs = {xs.name};
  Param x = b.param("x", Type::prim(PrimType::F32));
  s.map.params = {x};
  Builder lb(p.names, env);
  SubExp y = lb.binOp(BinOpKind::Mul, PrimType::F32, x.name, PrimValue::floating(PrimType::F32, 2));
  s.map.body = lb.finish({y});
  s.map.retTypes = {Type::prim(PrimType::F32)};
  VName ys = b.let1("ys", Op{Soac{s}}, Provenance{{}, "map"});
  f.retTypes = {env.at(ys)};
  f.body = b.finish({ys});
  p.funs.push_back(std::move(f));
  return p;
}

std::string verifyError(const Prog& p, Stage s) {
  try {
    verify(p, s);
  } catch (const InternalError& e) {
    return e.what();
  }
  return "";
}

} // namespace

TEST_CASE("ir: constants and types print unambiguously") {
  CHECK(PrimValue::int64(3).str() == "3i64");
  CHECK(PrimValue::integer(PrimType::I8, -1).str() == "-1i8");
  CHECK(PrimValue::integer(PrimType::U8, -1).str() == "255u8");
  CHECK(PrimValue::floating(PrimType::F32, 2.5).str() == "2.5f32");
  CHECK(PrimValue::floating(PrimType::F64, 1).str() == "1.0f64");
  CHECK(PrimValue::floating(PrimType::F32, 0.1).str() == "0.1f32");
  CHECK(PrimValue::floating(PrimType::F32, -1.0 / 0.0).str() == "-f32.inf");
  CHECK(PrimValue::boolean(true).str() == "true");
  Type t = Type::array(PrimType::F32, {VName{"n", 1}, PrimValue::int64(3)});
  CHECK(t.str() == "[n_1][3i64]f32");
  CHECK(t.rowType().str() == "[3i64]f32");
  CHECK(t.rowType().rowType().str() == "f32");
  CHECK(Type::mem(MemSpace::Device).str() == "mem@device");
  CHECK(std::string(binOpName(BinOpKind::LShr)) == "lshr");
}

TEST_CASE("ir: the printer shows every part of a function") {
  Prog p = scaleProg();
  CHECK(printProg(p) == "fun f(n_1 : i64, xs_2 : [n_1]f32) : {[n_1]f32} = {\n"
                        "  #[prov \"map\"]\n"
                        "  let {ys_5 : [n_1]f32} = screma(n_1, {xs_2})\n"
                        "    map \\(x_3 : f32) : {f32} -> {\n"
                        "      let {t_4 : f32} = mul.f32 x_3 2.0f32\n"
                        "      in {t_4}\n"
                        "    }\n"
                        "    scan {}\n"
                        "    reduce {}\n"
                        "  in {ys_5}\n"
                        "}\n");
  CHECK(printProg(p) == printProg(scaleProg())); // deterministic
}

TEST_CASE("ir: the printer shows SegOps with their space, and allocations") {
  SegOp seg;
  seg.kind = SegOp::Kind::Red;
  seg.space.flat = VName{"phys", 1};
  seg.space.dims = {{VName{"i", 2}, VName{"n", 3}}};
  seg.types = {Type::prim(PrimType::F32)};
  seg.body.result = {PrimValue::floating(PrimType::F32, 1)};
  RedOp r;
  r.neutral = {PrimValue::floating(PrimType::F32, 0)};
  seg.ops = {r};
  std::string text = printExp(Op{seg});
  CHECK(text.find("segred(phys_1; i_2 < n_3)") == 0);
  CHECK(text.find("ops {") != std::string::npos);
  CHECK(printExp(Op{Alloc{VName{"bytes", 4}, MemSpace::Shared}}) == "alloc(bytes_4, shared)");
}

TEST_CASE("ir: the verifier accepts a well-formed program") {
  CHECK(verifyError(scaleProg(), Stage::Core) == "");
}

TEST_CASE("ir: the verifier catches a use before definition") {
  Prog p = scaleProg();
  // Return a variable that is never defined.
  p.funs[0].body.result = {VName{"ghost", 99}};
  std::string err = verifyError(p, Stage::Core);
  CHECK(err.find("verify(core)") != std::string::npos);
  CHECK(err.find("use of ghost_99 before its definition") != std::string::npos);
}

TEST_CASE("ir: the verifier catches a use out of scope") {
  Prog p = scaleProg();
  // Use the lambda's local t_4 outside the lambda.
  p.funs[0].body.result = {VName{"t", 4}};
  p.funs[0].retTypes = {Type::prim(PrimType::F32)};
  CHECK(verifyError(p, Stage::Core).find("use of t_4 out of its scope") != std::string::npos);
}

TEST_CASE("ir: the verifier checks operand and pattern types") {
  Prog p = scaleProg();
  Screma& s = std::get<Screma>(std::get<Soac>(std::get<Op>(p.funs[0].body.stms[0].exp)));
  std::get<BasicOp>(s.map.body.stms[0].exp).args[1] = PrimValue::int64(2);
  CHECK(verifyError(p, Stage::Core).find("has type i64, expected f32") != std::string::npos);

  Prog q = scaleProg();
  q.funs[0].body.stms[0].pat[0].type = Type::array(PrimType::F64, {VName{"n", 1}});
  CHECK(verifyError(q, Stage::Core).find("pattern has types") != std::string::npos);
}

TEST_CASE("ir: the verifier enforces the ops allowed per stage") {
  Prog p = scaleProg();
  CHECK(verifyError(p, Stage::Gpu).find("SOAC at host level") != std::string::npos);
  Prog q = scaleProg();
  q.funs[0].body.stms.insert(q.funs[0].body.stms.begin(),
                             Stm{{Param{VName{"m", 50}, Type::mem(MemSpace::Device), nullptr}},
                                 Op{Alloc{PrimValue::int64(16), MemSpace::Device}},
                                 {}});
  CHECK(verifyError(q, Stage::Core).find("alloc before the mem stage") != std::string::npos);
}

TEST_CASE("ir: free variables, substitution and renaming") {
  Prog p = scaleProg();
  const Screma& s = std::get<Screma>(std::get<Soac>(std::get<Op>(p.funs[0].body.stms[0].exp)));
  CHECK(freeVars(s.map) == NameSet{});
  CHECK(freeVars(p.funs[0].body) == NameSet{VName{"n", 1}, VName{"xs", 2}});

  Body renamed = renameBody(p.funs[0].body, p.names);
  CHECK(freeVars(renamed) == freeVars(p.funs[0].body));
  NameSet before = boundVars(p.funs[0].body), after = boundVars(renamed);
  CHECK(before.size() == after.size());
  for (const VName& v : after)
    CHECK(before.count(v) == 0);

  Body sub = substitute(p.funs[0].body, Substitution{{VName{"xs", 2}, VName{"zs", 7}}});
  CHECK(freeVars(sub) == NameSet{VName{"n", 1}, VName{"zs", 7}});
}

TEST_CASE("ir: constructs are counted with their nesting") {
  Prog p = scaleProg();
  // Nest a loop inside the map lambda.
  Screma& s = std::get<Screma>(std::get<Soac>(std::get<Op>(p.funs[0].body.stms[0].exp)));
  Loop l;
  l.iterator = VName{"i", 60};
  l.bound = PrimValue::int64(3);
  s.map.body.stms.push_back(Stm{{}, l, {}});
  auto counts = countConstructs(p);
  CHECK(counts["Screma"] == 1);
  CHECK(counts["Loop"] == 1);
  CHECK(counts["Screma/Loop"] == 1);
  CHECK(counts["BinOp"] == 1);
  CHECK(counts.count("SegMap") == 0);
}

TEST_CASE("ir: memory annotations print as @block -> lmad and are checked per stage") {
  Prog p = scaleProg();
  FunDef& f = p.funs[0];
  // Give xs a memory block parameter and an annotation.
  Param mem{p.names.fresh("xs_mem"), Type::mem(MemSpace::Device), nullptr};
  auto info = std::make_shared<MemInfo>();
  info->block = mem.name;
  info->lmad = fjord::symbolic::Lmad::rowMajor(0, {fjord::symbolic::Expr::var("n_1")});
  f.params.insert(f.params.begin() + 1, mem);
  f.params[2].mem = info;
  std::string text = printParam(f.params[2]);
  CHECK(text == "xs_2 : [n_1]f32 @" + mem.name.str() + " -> " + info->lmad.str());
  CHECK(verifyError(p, Stage::Core).find("memory annotation before the mem stage") !=
        std::string::npos);
  // In the mem stage the annotation is accepted (the host-level screma is not) ...
  CHECK(verifyError(p, Stage::Mem).find("SOAC at host level") != std::string::npos);
  // ... and every array parameter needs one.
  f.params[2].mem = nullptr;
  CHECK(verifyError(p, Stage::Mem).find("array xs_2 has no memory annotation") !=
        std::string::npos);
}
