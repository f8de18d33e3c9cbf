// Small core-IR programs for the gpu/, mem/ and LMAD-slice unit tests, built with ir::Builder
// (they predate the IR parser, ir/Parse.h, with which newer tests state IR as text). Each
// mirrors one of the first end-to-end targets after internalisation and fusion.
#pragma once
#include "ir/Builder.h"
#include "ir/IR.h"

#include <string>
#include <vector>

namespace fjord::testir {

using namespace fjord::ir;
using ir::Type;

inline SubExp i64c(int64_t v) { return PrimValue::int64(v); }

/// Builds one program: fresh names and a shared type environment.
struct ProgBuilder {
  Prog prog;
  TypeEnv env;

  Builder builder() { return Builder(prog.names, env); }
  Param param(const std::string& name, const Type& t) { return builder().param(name, t); }

  /// `\(a, b) -> a op b` on `t`, as a reduction operator with neutral `ne`.
  RedOp binRedOp(BinOpKind k, PrimType t, SubExp ne, bool commutative = true) {
    Builder b = builder();
    Param a = b.param("a", Type::prim(t)), c = b.param("b", Type::prim(t));
    SubExp r = b.binOp(k, t, a.name, c.name, "r");
    return RedOp{commutative, Lambda{{a, c}, b.finish({r}), {Type::prim(t)}}, {ne}};
  }

  /// The identity lambda over one row of each array in `rows`.
  Lambda identity(const std::vector<Type>& rows) {
    Lambda l;
    for (const Type& t : rows) {
      l.params.push_back(param("x", t));
      l.body.result.push_back(l.params.back().name);
      l.retTypes.push_back(t);
    }
    return l;
  }

  void addFun(std::string name, std::vector<Param> params, std::vector<Type> ret, Body body) {
    FunDef f;
    f.name = std::move(name);
    f.entry = true;
    f.params = std::move(params);
    f.retTypes = std::move(ret);
    f.body = std::move(body);
    prog.funs.push_back(std::move(f));
  }
};

inline Exp soacExp(Soac s) { return Exp{Op{std::move(s)}}; }
inline Provenance prov(std::string what) { return Provenance{{}, std::move(what)}; }

/// entry scale (xs: [n]f32) : [n]f32 = map (\x -> 2 * x + 1) xs
inline Prog scaleProg() {
  ProgBuilder pb;
  Param n = pb.param("n", Type::prim(PrimType::I64));
  Param xs = pb.param("xs", Type::array(PrimType::F32, {n.name}));
  Builder lb = pb.builder();
  Param x = lb.param("x", Type::prim(PrimType::F32));
  SubExp t = lb.binOp(BinOpKind::Mul, PrimType::F32, PrimValue::floating(PrimType::F32, 2), x.name);
  SubExp u = lb.binOp(BinOpKind::Add, PrimType::F32, t, PrimValue::floating(PrimType::F32, 1));
  Lambda f{{x}, lb.finish({u}), {Type::prim(PrimType::F32)}};
  Builder b = pb.builder();
  VName ys = b.let1("ys", soacExp(Screma{n.name, {xs.name}, f, {}, {}}), prov("map"));
  pb.addFun("scale", {n, xs}, {Type::array(PrimType::F32, {n.name})}, b.finish({ys}));
  return std::move(pb.prog);
}

/// entry sum (xs: [n]f32) : f32 = reduce (+) 0 xs
inline Prog sumProg() {
  ProgBuilder pb;
  Param n = pb.param("n", Type::prim(PrimType::I64));
  Param xs = pb.param("xs", Type::array(PrimType::F32, {n.name}));
  RedOp add = pb.binRedOp(BinOpKind::Add, PrimType::F32, PrimValue::floating(PrimType::F32, 0));
  Lambda id = pb.identity({Type::prim(PrimType::F32)});
  Builder b = pb.builder();
  VName s = b.let1("s", soacExp(Screma{n.name, {xs.name}, id, {}, {add}}), prov("reduce"));
  pb.addFun("sum", {n, xs}, {Type::prim(PrimType::F32)}, b.finish({s}));
  return std::move(pb.prog);
}

/// entry dot (xs: [n]f32) (ys: [n]f32) : f32 = reduce (+) 0 (map2 (*) xs ys)
inline Prog dotProg() {
  ProgBuilder pb;
  Param n = pb.param("n", Type::prim(PrimType::I64));
  Param xs = pb.param("xs", Type::array(PrimType::F32, {n.name}));
  Param ys = pb.param("ys", Type::array(PrimType::F32, {n.name}));
  RedOp add = pb.binRedOp(BinOpKind::Add, PrimType::F32, PrimValue::floating(PrimType::F32, 0));
  Builder lb = pb.builder();
  Param x = lb.param("x", Type::prim(PrimType::F32)), y = lb.param("y", Type::prim(PrimType::F32));
  SubExp p = lb.binOp(BinOpKind::Mul, PrimType::F32, x.name, y.name, "p");
  Lambda mul{{x, y}, lb.finish({p}), {Type::prim(PrimType::F32)}};
  Builder b = pb.builder();
  VName s = b.let1("s", soacExp(Screma{n.name, {xs.name, ys.name}, mul, {}, {add}}), prov("reduce"));
  pb.addFun("dot", {n, xs, ys}, {Type::prim(PrimType::F32)}, b.finish({s}));
  return std::move(pb.prog);
}

/// entry rowsums [n][m] (a: [n][m]f64) : [n]f64 = map (\r -> reduce (+) 0 r) a
inline Prog rowsumsProg() {
  ProgBuilder pb;
  Param n = pb.param("n", Type::prim(PrimType::I64));
  Param m = pb.param("m", Type::prim(PrimType::I64));
  Param a = pb.param("a", Type::array(PrimType::F64, {n.name, m.name}));
  Param r = pb.param("r", Type::array(PrimType::F64, {m.name}));
  RedOp add = pb.binRedOp(BinOpKind::Add, PrimType::F64, PrimValue::floating(PrimType::F64, 0));
  Lambda id = pb.identity({Type::prim(PrimType::F64)});
  Builder lb = pb.builder();
  VName s = lb.let1("s", soacExp(Screma{m.name, {r.name}, id, {}, {add}}), prov("reduce"));
  Lambda row{{r}, lb.finish({s}), {Type::prim(PrimType::F64)}};
  Builder b = pb.builder();
  VName sums = b.let1("sums", soacExp(Screma{n.name, {a.name}, row, {}, {}}), prov("map"));
  pb.addFun("rowsums", {n, m, a}, {Type::array(PrimType::F64, {n.name})}, b.finish({sums}));
  return std::move(pb.prog);
}

/// entry argmax (xs: [n]i32) : (i32, i64) =
///   reduce (\(a,i) (b,j) -> if a > b || (a == b && i < j) then (a,i) else (b,j))
///          (i32.lowest, -1) (zip xs (iota n))
inline Prog argmaxProg() {
  ProgBuilder pb;
  Param n = pb.param("n", Type::prim(PrimType::I64));
  Param xs = pb.param("xs", Type::array(PrimType::I32, {n.name}));
  Builder ob = pb.builder();
  Param a = ob.param("a", Type::prim(PrimType::I32)), i = ob.param("i", Type::prim(PrimType::I64));
  Param c = ob.param("b", Type::prim(PrimType::I32)), j = ob.param("j", Type::prim(PrimType::I64));
  SubExp gt = ob.cmpOp(CmpOpKind::Gt, PrimType::I32, a.name, c.name);
  SubExp eq = ob.cmpOp(CmpOpKind::Eq, PrimType::I32, a.name, c.name);
  SubExp lt = ob.cmpOp(CmpOpKind::Lt, PrimType::I64, i.name, j.name);
  SubExp both = ob.binOp(BinOpKind::LogAnd, PrimType::Bool, eq, lt);
  SubExp take = ob.binOp(BinOpKind::LogOr, PrimType::Bool, gt, both);
  If pick{take, Body{{}, {a.name, i.name}}, Body{{}, {c.name, j.name}},
          {Type::prim(PrimType::I32), Type::prim(PrimType::I64)}};
  std::vector<VName> res = ob.let("best", Exp{pick});
  RedOp op{/*commutative=*/false,
           Lambda{{a, i, c, j}, ob.finish({res[0], res[1]}),
                  {Type::prim(PrimType::I32), Type::prim(PrimType::I64)}},
           {PrimValue::integer(PrimType::I32, INT32_MIN), PrimValue::int64(-1)}};
  Lambda id = pb.identity({Type::prim(PrimType::I32), Type::prim(PrimType::I64)});
  Builder b = pb.builder();
  BasicOp iota;
  iota.kind = BasicOp::Kind::Iota;
  iota.args = {n.name, i64c(0), i64c(1)};
  VName is = b.let1("is", Exp{iota}, prov("iota"));
  std::vector<VName> out =
      b.let("r", soacExp(Screma{n.name, {xs.name, is}, id, {}, {op}}), prov("reduce"));
  pb.addFun("argmax", {n, xs}, {Type::prim(PrimType::I32), Type::prim(PrimType::I64)},
            b.finish({out[0], out[1]}));
  return std::move(pb.prog);
}

/// entry incr [n][m] (a: [n][m]i32) : [n][m]i32 = map (\r -> map (\x -> x + 1) r) a
inline Prog mapNestProg() {
  ProgBuilder pb;
  Param n = pb.param("n", Type::prim(PrimType::I64));
  Param m = pb.param("m", Type::prim(PrimType::I64));
  Param a = pb.param("a", Type::array(PrimType::I32, {n.name, m.name}));
  Param r = pb.param("r", Type::array(PrimType::I32, {m.name}));
  Builder ib = pb.builder();
  Param x = ib.param("x", Type::prim(PrimType::I32));
  SubExp y = ib.binOp(BinOpKind::Add, PrimType::I32, x.name, PrimValue::integer(PrimType::I32, 1), "y");
  Lambda inner{{x}, ib.finish({y}), {Type::prim(PrimType::I32)}};
  Builder lb = pb.builder();
  VName row = lb.let1("row", soacExp(Screma{m.name, {r.name}, inner, {}, {}}), prov("map"));
  Lambda outer{{r}, lb.finish({row}), {Type::array(PrimType::I32, {m.name})}};
  Builder b = pb.builder();
  VName res = b.let1("res", soacExp(Screma{n.name, {a.name}, outer, {}, {}}), prov("map"));
  pb.addFun("incr", {n, m, a}, {Type::array(PrimType::I32, {n.name, m.name})}, b.finish({res}));
  return std::move(pb.prog);
}

} // namespace fjord::testir
