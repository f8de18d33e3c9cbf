// Small core-IR programs for the gpu/ and mem/ unit tests, stated as IR text (ir/Parse.h).
// Each mirrors one of the first end-to-end targets after internalisation and fusion.
// ProgBuilder remains for the tests that build parameterised programs in C++.
#pragma once
#include "ir/Builder.h"
#include "ir/IR.h"
#include "ir/Parse.h"

#include <doctest/doctest.h>

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

/// The core program in `text`, which must parse.
inline Prog parsedProg(const char* text) {
  DiagnosticEngine diags;
  auto p = parseProg(text, diags, "gpu_test_ir.h");
  REQUIRE_MESSAGE(p.has_value(), diags.render());
  return std::move(*p);
}

inline Exp soacExp(Soac s) { return Exp{Op{std::move(s)}}; }
inline Provenance prov(std::string what) { return Provenance{{}, std::move(what)}; }

/// entry scale (xs: [n]f32) : [n]f32 = map (\x -> 2 * x + 1) xs
inline Prog scaleProg() {
  return parsedProg(R"(#[entry() -> ()]
entry scale(n_1 : i64, xs_2 : [n_1]f32) : {[n_1]f32} = {
  #[prov "map"]
  let {ys_6 : [n_1]f32} = screma(n_1, {xs_2})
    map \(x_3 : f32) : {f32} -> {
      let {t_4 : f32} = mul.f32 2.0f32 x_3
      let {t_5 : f32} = add.f32 t_4 1.0f32
      in {t_5}
    }
    scan {}
    reduce {}
  in {ys_6}
}
)");
}

/// entry sum (xs: [n]f32) : f32 = reduce (+) 0 xs
inline Prog sumProg() {
  return parsedProg(R"(#[entry() -> ()]
entry sum(n_1 : i64, xs_2 : [n_1]f32) : {f32} = {
  #[prov "reduce"]
  let {s_7 : f32} = screma(n_1, {xs_2})
    map \(x_6 : f32) : {f32} -> {
      in {x_6}
    }
    scan {}
    reduce {
      (commutative \(a_3 : f32, b_4 : f32) : {f32} -> {
        let {r_5 : f32} = add.f32 a_3 b_4
        in {r_5}
      }, {0.0f32})
    }
  in {s_7}
}
)");
}

/// entry dot (xs: [n]f32) (ys: [n]f32) : f32 = reduce (+) 0 (map2 (*) xs ys)
inline Prog dotProg() {
  return parsedProg(R"(#[entry() -> ()]
entry dot(n_1 : i64, xs_2 : [n_1]f32, ys_3 : [n_1]f32) : {f32} = {
  #[prov "reduce"]
  let {s_10 : f32} = screma(n_1, {xs_2, ys_3})
    map \(x_7 : f32, y_8 : f32) : {f32} -> {
      let {p_9 : f32} = mul.f32 x_7 y_8
      in {p_9}
    }
    scan {}
    reduce {
      (commutative \(a_4 : f32, b_5 : f32) : {f32} -> {
        let {r_6 : f32} = add.f32 a_4 b_5
        in {r_6}
      }, {0.0f32})
    }
  in {s_10}
}
)");
}

/// entry rowsums [n][m] (a: [n][m]f64) : [n]f64 = map (\r -> reduce (+) 0 r) a
inline Prog rowsumsProg() {
  return parsedProg(R"(#[entry() -> ()]
entry rowsums(n_1 : i64, m_2 : i64, a_3 : [n_1][m_2]f64) : {[n_1]f64} = {
  #[prov "map"]
  let {sums_10 : [n_1]f64} = screma(n_1, {a_3})
    map \(r_4 : [m_2]f64) : {f64} -> {
      #[prov "reduce"]
      let {s_9 : f64} = screma(m_2, {r_4})
        map \(x_8 : f64) : {f64} -> {
          in {x_8}
        }
        scan {}
        reduce {
          (commutative \(a_5 : f64, b_6 : f64) : {f64} -> {
            let {r_7 : f64} = add.f64 a_5 b_6
            in {r_7}
          }, {0.0f64})
        }
      in {s_9}
    }
    scan {}
    reduce {}
  in {sums_10}
}
)");
}

/// entry argmax (xs: [n]i32) : (i32, i64) =
///   reduce (\(a,i) (b,j) -> if a > b || (a == b && i < j) then (a,i) else (b,j))
///          (i32.lowest, -1) (zip xs (iota n))
inline Prog argmaxProg() {
  return parsedProg(R"(#[entry() -> ()]
entry argmax(n_1 : i64, xs_2 : [n_1]i32) : {i32, i64} = {
  #[prov "iota"]
  let {is_16 : [n_1]i64} = iota.i64 n_1, 0i64, 1i64
  #[prov "reduce"]
  let {r_17 : i32, r_18 : i64} = screma(n_1, {xs_2, is_16})
    map \(x_14 : i32, x_15 : i64) : {i32, i64} -> {
      in {x_14, x_15}
    }
    scan {}
    reduce {
      (\(a_3 : i32, i_4 : i64, b_5 : i32, j_6 : i64) : {i32, i64} -> {
        let {c_7 : bool} = gt.i32 a_3 b_5
        let {c_8 : bool} = eq.i32 a_3 b_5
        let {c_9 : bool} = lt.i64 i_4 j_6
        let {t_10 : bool} = logand.bool c_8 c_9
        let {t_11 : bool} = logor.bool c_7 t_10
        let {best_12 : i32, best_13 : i64} = if t_11
          then {
            in {a_3, i_4}
          }
          else {
            in {b_5, j_6}
          }
          : {i32, i64}
        in {best_12, best_13}
      }, {-2147483648i32, -1i64})
    }
  in {r_17, r_18}
}
)");
}

/// entry incr [n][m] (a: [n][m]i32) : [n][m]i32 = map (\r -> map (\x -> x + 1) r) a
inline Prog mapNestProg() {
  return parsedProg(R"(#[entry() -> ()]
entry incr(n_1 : i64, m_2 : i64, a_3 : [n_1][m_2]i32) : {[n_1][m_2]i32} = {
  #[prov "map"]
  let {res_8 : [n_1][m_2]i32} = screma(n_1, {a_3})
    map \(r_4 : [m_2]i32) : {[m_2]i32} -> {
      #[prov "map"]
      let {row_7 : [m_2]i32} = screma(m_2, {r_4})
        map \(x_5 : i32) : {i32} -> {
          let {y_6 : i32} = add.i32 x_5 1i32
          in {y_6}
        }
        scan {}
        reduce {}
      in {row_7}
    }
    scan {}
    reduce {}
  in {res_8}
}
)");
}

} // namespace fjord::testir
