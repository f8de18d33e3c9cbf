// The simplifier: its rewrite rules one by one, copy propagation, CSE, dead code, constant
// `if`, asserts, and loop-invariant hoisting, on small hand-built functions.
#include "ir_text_util.h"
#include "ir/Builder.h"
#include "ir/Count.h"
#include "ir/Parse.h"
#include "ir/Print.h"
#include "ir/Verify.h"
#include "opt/Simplify.h"
#include "opt/SimplifyRules.h"

#include <doctest/doctest.h>

using namespace fjord::ir;
using fjord::PrimType;
using fjord::ir::Type;

namespace {

const Type kI64 = Type::prim(PrimType::I64);
const Type kI32 = Type::prim(PrimType::I32);

/// A one-function program `fun f(params) = body` built by `build`.
template <typename F> Prog program(const std::vector<std::pair<std::string, Type>>& params, F&& build) {
  Prog p;
  TypeEnv env;
  Builder b(p.names, env);
  FunDef f;
  f.name = "f";
  for (const auto& [n, t] : params)
    f.params.push_back(b.param(n, t));
  std::vector<SubExp> res = build(b, f.params);
  for (const SubExp& r : res)
    f.retTypes.push_back(subExpType(r, env));
  f.body = b.finish(res);
  p.funs.push_back(std::move(f));
  verify(p, Stage::Core);
  return p;
}

Prog simplified(Prog p) {
  Prog out = fjord::opt::simplify(std::move(p));
  verify(out, Stage::Core);
  return out;
}

std::optional<PrimValue> fold(BinOpKind k, PrimValue a, PrimValue b) {
  return fjord::opt::foldBinOp(k, a.type, a, b);
}

} // namespace

TEST_CASE("opt: constant folding follows the language's integer semantics") {
  auto i32 = [](int64_t v) { return PrimValue::integer(PrimType::I32, v); };
  auto u8 = [](int64_t v) { return PrimValue::integer(PrimType::U8, v); };
  CHECK(fold(BinOpKind::Add, i32(2), i32(3)) == i32(5));
  CHECK(fold(BinOpKind::Div, i32(-7), i32(2)) == i32(-4)); // floor division
  CHECK(fold(BinOpKind::Mod, i32(-7), i32(2)) == i32(1));  // floor modulo
  CHECK(fold(BinOpKind::Quot, i32(-7), i32(2)) == i32(-3));
  CHECK(fold(BinOpKind::Rem, i32(-7), i32(2)) == i32(-1));
  CHECK(fold(BinOpKind::Add, i32(2147483647), i32(1)) == i32(-2147483648)); // wraps
  CHECK(fold(BinOpKind::Add, u8(255), u8(1))->str() == "0u8");
  CHECK(!fold(BinOpKind::Div, i32(1), i32(0)).has_value()); // never fold a trap
  CHECK(fold(BinOpKind::Min, i32(3), i32(-3)) == i32(-3));
  auto f32 = [](double v) { return PrimValue::floating(PrimType::F32, v); };
  CHECK(fold(BinOpKind::Mul, f32(1.5), f32(2))->str() == "3.0f32");
  CHECK(fjord::opt::foldCmpOp(CmpOpKind::Lt, PrimType::U8, u8(1), u8(-1)) ==
        PrimValue::boolean(true));
}

TEST_CASE("opt: algebraic rules rewrite to an operand") {
  using fjord::opt::rewriteBasicOp;
  SubExp x = VName{"x", 1};
  auto check = [&](BinOpKind k, PrimType t, SubExp a, SubExp b, SubExp expected) {
    auto r = rewriteBasicOp(binOpExp(k, t, a, b));
    REQUIRE(r.has_value());
    CHECK(r->kind == BasicOp::Kind::SubExp);
    CHECK(r->args[0] == expected);
  };
  check(BinOpKind::Add, PrimType::I64, x, PrimValue::int64(0), x);
  check(BinOpKind::Mul, PrimType::I64, PrimValue::int64(1), x, x);
  check(BinOpKind::Mul, PrimType::I64, x, PrimValue::int64(0), PrimValue::int64(0));
  check(BinOpKind::LogAnd, PrimType::Bool, PrimValue::boolean(true), x, x);
  check(BinOpKind::LogOr, PrimType::Bool, x, PrimValue::boolean(true), PrimValue::boolean(true));
  // Not for floats: x + 0.0 is not x when x is -0.0, and x * 0.0 is nan for inf.
  CHECK(!rewriteBasicOp(binOpExp(BinOpKind::Add, PrimType::F32, x, PrimValue::floating(PrimType::F32, 0))));
  CHECK(!rewriteBasicOp(binOpExp(BinOpKind::Mul, PrimType::F32, x, PrimValue::floating(PrimType::F32, 0))));
  auto same = rewriteBasicOp(cmpOpExp(CmpOpKind::Le, PrimType::I64, x, x));
  REQUIRE(same);
  CHECK(same->args[0] == SubExp(PrimValue::boolean(true)));
}

TEST_CASE("opt: simplify folds, propagates copies and removes common and dead code") {
  Prog p = program({{"n", kI64}}, [](Builder& b, const std::vector<Param>& ps) {
    SubExp n = ps[0].name;
    SubExp a = b.binOp(BinOpKind::Add, PrimType::I64, n, PrimValue::int64(0), "a");
    SubExp c = b.binOp(BinOpKind::Mul, PrimType::I64, a, PrimValue::int64(3), "c");
    SubExp d = b.binOp(BinOpKind::Mul, PrimType::I64, n, PrimValue::int64(3), "d"); // same as c
    b.binOp(BinOpKind::Sub, PrimType::I64, c, d, "dead");
    SubExp k = b.binOp(BinOpKind::Add, PrimType::I64, PrimValue::int64(2), PrimValue::int64(5), "k");
    SubExp e = b.binOp(BinOpKind::Add, PrimType::I64, c, k, "e");
    return std::vector<SubExp>{e, d};
  });
  Prog s = simplified(p);
  const Body& body = s.funs[0].body;
  REQUIRE(body.stms.size() == 2);
  CHECK(printStm(body.stms[0]) == "let {c_3 : i64} = mul.i64 n_1 3i64");
  CHECK(printStm(body.stms[1]) == "let {e_7 : i64} = add.i64 c_3 7i64");
  CHECK(body.result[1] == SubExp(VName{"c", 3}));
}

TEST_CASE("opt: simplify keeps asserts unless they are trivially true") {
  Prog p = program({{"c", Type::prim(PrimType::Bool)}}, [](Builder& b, const std::vector<Param>& ps) {
    b.assertion(ps[0].name, "user assertion", {});
    b.assertion(PrimValue::boolean(true), "always holds", {});
    b.assertion(ps[0].name, "user assertion", {}); // a duplicate: removed by CSE
    return std::vector<SubExp>{PrimValue::int64(1)};
  });
  Prog s = simplified(p);
  CHECK(countConstructs(s)["Assert"] == 1);
}

TEST_CASE("opt: simplify replaces an if on a constant by the taken branch") {
  Prog p = program({{"x", kI32}}, [](Builder& b, const std::vector<Param>& ps) {
    If i;
    i.cond = PrimValue::boolean(false);
    i.types = {kI32};
    i.thenBody = Body{{}, {PrimValue::integer(PrimType::I32, 0)}};
    Builder eb(b.names(), b.env());
    SubExp y = eb.binOp(BinOpKind::Mul, PrimType::I32, ps[0].name, ps[0].name, "y");
    i.elseBody = eb.finish({y});
    return std::vector<SubExp>{b.let1("r", i)};
  });
  Prog s = simplified(p);
  CHECK(countConstructs(s)["If"] == 0);
  CHECK(countConstructs(s)["BinOp"] == 1);
  CHECK(s.funs[0].body.result[0].var().name == "y");
}

TEST_CASE("opt: simplify hoists loop-invariant code") {
  Prog p = program({{"n", kI64}, {"k", kI64}}, [](Builder& b, const std::vector<Param>& ps) {
    Loop l;
    Param acc = b.param("acc", kI64);
    l.merge = {{acc, PrimValue::int64(0)}};
    l.iterator = b.names().fresh("i");
    b.env()[l.iterator] = kI64;
    l.bound = ps[0].name;
    Builder lb(b.names(), b.env());
    SubExp inv = lb.binOp(BinOpKind::Mul, PrimType::I64, ps[1].name, ps[1].name, "inv");
    SubExp next = lb.binOp(BinOpKind::Add, PrimType::I64, acc.name, inv, "next");
    l.body = lb.finish({next});
    return std::vector<SubExp>{b.let1("r", l)};
  });
  Prog s = simplified(p);
  const Body& body = s.funs[0].body;
  REQUIRE(body.stms.size() == 2);
  CHECK(std::holds_alternative<BasicOp>(body.stms[0].exp)); // inv, now before the loop
  const Loop& l = std::get<Loop>(body.stms[1].exp);
  CHECK(l.body.stms.size() == 1);
}

TEST_CASE("opt: simplify removes unused results and inputs of a screma") {
  Prog p = program({{"n", kI64}}, [](Builder& b, const std::vector<Param>& ps) {
    BasicOp iota;
    iota.kind = BasicOp::Kind::Iota;
    iota.args = {ps[0].name, PrimValue::int64(0), PrimValue::int64(1)};
    VName is = b.let1("is", iota);
    VName js = b.let1("js", iota);
    Screma s;
    s.width = ps[0].name;
    s.inputs = {is, js};
    Param x = b.param("x", kI64), y = b.param("y", kI64);
    s.map.params = {x, y};
    Builder lb(b.names(), b.env());
    SubExp sq = lb.binOp(BinOpKind::Mul, PrimType::I64, x.name, x.name, "sq");
    s.map.body = lb.finish({sq, y.name});
    s.map.retTypes = {kI64, kI64};
    std::vector<VName> out = b.let("m", Op{Soac{s}});
    return std::vector<SubExp>{out[0]};
  });
  Prog s = simplified(p);
  for (const Stm& st : s.funs[0].body.stms)
    if (auto* op = std::get_if<Op>(&st.exp)) {
      const Screma& sc = std::get<Screma>(std::get<Soac>(*op));
      CHECK(sc.inputs.size() == 1);
      CHECK(sc.map.retTypes.size() == 1);
      CHECK(st.pat.size() == 1);
    }
  CHECK(countConstructs(s)["Iota"] == 1); // CSE merged the two, DCE dropped nothing needed
}

TEST_CASE("opt: simplify replaces a screma of width 0 by empty arrays and neutral elements") {
  // What `reduce_stream` leaves when it applies its chunk function to an empty chunk.
  const char* text = R"(fun f(xs_1 : [0i64]f32) : {f32, i32, [0i64]i64, [0i64]f32} = {
  let {s_2 : [0i64]i64, r_3 : f32, r_4 : i32, m_5 : [0i64]f32} = screma(0i64, {xs_1})
    map \(x_6 : f32) : {i64, f32, i32, f32} -> {
      let {y_7 : f32} = mul.f32 x_6 2.0f32
      in {1i64, y_7, 1i32, y_7}
    }
    scan {
      (\(a_8 : i64, b_9 : i64) : {i64} -> {
        let {t_10 : i64} = add.i64 a_8 b_9
        in {t_10}
      }, {0i64})
    }
    reduce {
      (\(a_11 : f32, b_12 : i32, c_13 : f32, d_14 : i32) : {f32, i32} -> {
        let {t_15 : f32} = add.f32 a_11 c_13
        let {t_16 : i32} = max.i32 b_12 d_14
        in {t_15, t_16}
      }, {0.5f32, -7i32})
    }
  in {r_3, r_4, s_2, m_5}
}
)";
  Prog s = simplified(fjord::testir::parseVerified(text));
  CHECK(printProg(s) == R"(fun f(xs_1 : [0i64]f32) : {f32, i32, [0i64]i64, [0i64]f32} = {
  let {s_2 : [0i64]i64} = replicate [0i64] 0i64
  let {m_5 : [0i64]f32} = replicate [0i64] 0.0f32
  in {0.5f32, -7i32, s_2, m_5}
}
)");
}

TEST_CASE("opt: a screma of width 0 keeps a copy of an array neutral element") {
  const char* text = R"(fun f(n_1 : i64, xss_2 : [0i64][n_1]i32, z_3 : [n_1]i32) : {[n_1]i32} = {
  let {r_4 : [n_1]i32} = screma(0i64, {xss_2})
    map \(xs_5 : [n_1]i32) : {[n_1]i32} -> {
      in {xs_5}
    }
    scan {}
    reduce {
      (\(a_6 : [n_1]i32, b_7 : [n_1]i32) : {[n_1]i32} -> {
        in {a_6}
      }, {z_3})
    }
  in {r_4}
}
)";
  Prog s = simplified(fjord::testir::parseVerified(text));
  CHECK(printProg(s) == R"(fun f(n_1 : i64, xss_2 : [0i64][n_1]i32, z_3 : [n_1]i32) : {[n_1]i32} = {
  let {r_4 : [n_1]i32} = copy z_3
  in {r_4}
}
)");
}
