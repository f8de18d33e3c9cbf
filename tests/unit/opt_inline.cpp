// The inliner on IR text: results bound through the call's pattern, calls in SOAC lambdas
// and if/loop bodies, repeated calls (fresh names: the verifier rejects a name bound
// twice), removal of the callees, and the functions the policy keeps (recursive,
// `#[noinline]`).
#include "ir_text_util.h"
#include "ir/Count.h"
#include "ir/Print.h"
#include "opt/Inline.h"
#include "support/Diagnostics.h"

#include <doctest/doctest.h>

using namespace fjord;

namespace {

std::string inlined(const std::string& text) {
  return ir::printProg(testir::afterCorePass(text, opt::inlineCalls));
}

/// `n` statements adding 1 to `x_1` in turn, as a function body's text, with its
/// result `y_100` (above the policy's 16 statements for n = 17).
std::string chain(size_t n) {
  std::string text, prev = "x_1";
  for (size_t i = 0; i < n; ++i) {
    std::string next = i + 1 == n ? "y_100" : "c_" + std::to_string(200 + i);
    text += "  let {" + next + " : i64} = add.i64 " + prev + " 1i64\n";
    prev = next;
  }
  return text;
}

/// The functions left after inlining `text`, by name.
std::vector<std::string> keptNames(const std::string& text) {
  std::vector<std::string> out;
  for (const ir::FunDef& f : testir::afterCorePass(text, opt::inlineCalls).funs)
    out.push_back(f.name);
  return out;
}

} // namespace

TEST_CASE("opt (IR text): inlining a call binds its results, parameters become arguments") {
  // g's results: a computed value, its parameter, and a constant. The values g computes
  // take the call's names (Note [Names of inlined results]); the others are substituted.
  CHECK(inlined(R"(fun g(x_1 : i32, y_2 : i32) : {i32, i32, i32, i32} = {
  let {s_3 : i32} = add.i32 x_1 y_2
  let {d_4 : i32} = sub.i32 x_1 y_2
  in {s_3, d_4, y_2, 7i32}
}

entry main(a_5 : i32, b_6 : i32) : {i32, i32} = {
  let {p_7 : i32, q_8 : i32, r_9 : i32, c_10 : i32} = apply g(a_5, 2i32) : {i32, i32, i32, i32}
  let {m_11 : i32} = mul.i32 p_7 q_8
  let {n_12 : i32} = add.i32 r_9 c_10
  in {m_11, n_12}
}
)") == R"(#[entry() -> ()]
entry main(a_5 : i32, b_6 : i32) : {i32, i32} = {
  let {p_7 : i32} = add.i32 a_5 2i32
  let {q_8 : i32} = sub.i32 a_5 2i32
  let {m_11 : i32} = mul.i32 p_7 q_8
  let {n_12 : i32} = add.i32 2i32 7i32
  in {m_11, n_12}
}
)");
}

TEST_CASE("opt (IR text): a call inside a map lambda is inlined") {
  CHECK(inlined(R"(fun sq(x_1 : f32) : {f32} = {
  let {y_2 : f32} = mul.f32 x_1 x_1
  in {y_2}
}

entry main(n_3 : i64, xs_4 : [n_3]f32) : {[n_3]f32} = {
  let {ys_7 : [n_3]f32} = screma(n_3, {xs_4})
    map \(x_5 : f32) : {f32} -> {
      let {z_6 : f32} = apply sq(x_5) : {f32}
      in {z_6}
    }
    scan {}
    reduce {}
  in {ys_7}
}
)") == R"(#[entry() -> ()]
entry main(n_3 : i64, xs_4 : [n_3]f32) : {[n_3]f32} = {
  let {ys_7 : [n_3]f32} = screma(n_3, {xs_4})
    map \(x_5 : f32) : {f32} -> {
      let {z_6 : f32} = mul.f32 x_5 x_5
      in {z_6}
    }
    scan {}
    reduce {}
  in {ys_7}
}
)");
}

TEST_CASE("opt (IR text): two calls of one function, nested calls, calls in if and loop bodies") {
  // h calls g twice; main calls h in a loop body and g in an if branch. Every inlined copy
  // binds fresh names (afterCorePass verifies: a name bound twice fails), and only the
  // entry point remains.
  ir::Prog p = testir::afterCorePass(R"(fun g(x_1 : i64) : {i64} = {
  let {y_2 : i64} = mul.i64 x_1 3i64
  in {y_2}
}

fun h(a_3 : i64) : {i64} = {
  let {b_4 : i64} = apply g(a_3) : {i64}
  let {c_5 : i64} = apply g(b_4) : {i64}
  in {c_5}
}

entry main(n_6 : i64, k_7 : bool) : {i64} = {
  let {acc_10 : i64} = loop {s_8 : i64 = 1i64} for i_9 < n_6 do {
    let {t_11 : i64} = apply h(s_8) : {i64}
    in {t_11}
  }
  let {r_14 : i64} = if k_7
    then {
      let {u_12 : i64} = apply g(acc_10) : {i64}
      in {u_12}
    }
    else {
      let {v_13 : i64} = apply g(n_6) : {i64}
      in {v_13}
    }
    : {i64}
  in {r_14}
}
)",
                                     opt::inlineCalls);
  REQUIRE(p.funs.size() == 1);
  CHECK(p.funs[0].name == "main");
  CHECK(ir::countConstructs(p)["Apply"] == 0);
  CHECK(ir::printProg(p) == R"(#[entry() -> ()]
entry main(n_6 : i64, k_7 : bool) : {i64} = {
  let {acc_10 : i64} = loop {s_8 : i64 = 1i64} for i_9 < n_6 do {
    let {b_15 : i64} = mul.i64 s_8 3i64
    let {t_11 : i64} = mul.i64 b_15 3i64
    in {t_11}
  }
  let {r_14 : i64} = if k_7
    then {
      let {u_12 : i64} = mul.i64 acc_10 3i64
      in {u_12}
    }
    else {
      let {v_13 : i64} = mul.i64 n_6 3i64
      in {v_13}
    }
    : {i64}
  in {r_14}
}
)");
}

TEST_CASE("opt (IR text): without entry points, the functions nobody calls are kept") {
  ir::Prog p = testir::afterCorePass(R"(fun g(x_1 : i64) : {i64} = {
  let {y_2 : i64} = add.i64 x_1 1i64
  in {y_2}
}

fun f(a_3 : i64) : {i64} = {
  let {b_4 : i64} = apply g(a_3) : {i64}
  in {b_4}
}
)",
                                     opt::inlineCalls);
  REQUIRE(p.funs.size() == 1);
  CHECK(p.funs[0].name == "f");
  CHECK(ir::countConstructs(p)["Apply"] == 0);
}

TEST_CASE("opt (IR text): mutually recursive functions stay functions") {
  ir::Prog p = testir::afterCorePass(R"(fun f(x_1 : i64) : {i64} = {
  let {y_2 : i64} = apply g(x_1) : {i64}
  in {y_2}
}

fun g(a_3 : i64) : {i64} = {
  let {b_4 : i64} = apply f(a_3) : {i64}
  in {b_4}
}

entry main(n_5 : i64) : {i64} = {
  let {m_6 : i64} = apply f(n_5) : {i64}
  in {m_6}
}
)",
                                     opt::inlineCalls);
  REQUIRE(p.funs.size() == 3);
  CHECK(ir::countConstructs(p)["Apply"] == 3);
}

TEST_CASE("opt (IR text): a #[noinline] function stays; a small one called once is inlined") {
  ir::Prog p = testir::afterCorePass(R"(#[noinline]
fun k(x_1 : i64) : {i64} = {
  let {y_2 : i64} = add.i64 x_1 1i64
  in {y_2}
}

fun s(a_3 : i64) : {i64} = {
  let {b_4 : i64} = mul.i64 a_3 2i64
  in {b_4}
}

entry main(n_5 : i64) : {i64} = {
  let {m_6 : i64} = apply k(n_5) : {i64}
  let {m_7 : i64} = apply s(m_6) : {i64}
  in {m_7}
}
)",
                                     opt::inlineCalls);
  REQUIRE(p.funs.size() == 2);
  CHECK(p.funs[0].name == "k");
  CHECK(p.funs[0].inlineHint == ir::InlineHint::Never);
  CHECK(ir::countConstructs(p)["Apply"] == 1);
}

TEST_CASE("opt (IR text): an inlined call's existential size and in-place update") {
  // g returns a size it computes and an array of that size; h updates its unique argument.
  // Uses of the call's pattern (types and the entry's return type included) name g's
  // results; h's update consumes the caller's array directly.
  CHECK(inlined(R"(fun g(n_1 : i64) : {i64, [k_2]i64} = {
  let {k_2 : i64} = add.i64 n_1 1i64
  let {xs_3 : [k_2]i64} = iota.i64 k_2, 0i64, 1i64
  in {k_2, xs_3}
}

fun h(m_4 : i64, ys_5 : *[m_4]i64) : {[m_4]i64} = {
  let {zs_6 : [m_4]i64} = ys_5 with [0i64] = 7i64
  in {zs_6}
}

entry main(a_7 : i64) : {[s_8]i64} = {
  let {s_8 : i64, v_9 : [s_8]i64} = apply g(a_7) : {i64, [s_8]i64}
  let {c_10 : [s_8]i64} = copy v_9
  let {w_11 : [s_8]i64} = apply h(s_8, c_10) : {[s_8]i64}
  in {w_11}
}
)") == R"(#[entry() -> ()]
entry main(a_7 : i64) : {[k_12]i64} = {
  let {k_12 : i64} = add.i64 a_7 1i64
  let {v_9 : [k_12]i64} = iota.i64 k_12, 0i64, 1i64
  let {c_10 : [k_12]i64} = copy v_9
  let {w_11 : [k_12]i64} = c_10 with [0i64] = 7i64
  in {w_11}
}
)");
}

TEST_CASE("opt (IR text): without a hint, large scalar functions called twice stay") {
  // big: 17 statements, called twice (once in a map); once: as large, called once;
  // small: called twice. Only big stays, and its calls in the lambda and at host level.
  std::string text = "fun big(x_1 : i64) : {i64} = {\n" + chain(17) + "  in {y_100}\n}\n\n" +
                     "fun once(x_1 : i64) : {i64} = {\n" + chain(17) + "  in {y_100}\n}\n\n" +
                     "fun small(x_1 : i64) : {i64} = {\n" + chain(2) + "  in {y_100}\n}\n\n" +
                     R"(entry main(n_2 : i64, xs_3 : [n_2]i64) : {i64, [n_2]i64} = {
  let {a_4 : i64} = apply big(n_2) : {i64}
  let {b_5 : i64} = apply once(a_4) : {i64}
  let {c_6 : i64} = apply small(b_5) : {i64}
  let {d_7 : i64} = apply small(c_6) : {i64}
  let {ys_10 : [n_2]i64} = screma(n_2, {xs_3})
    map \(x_8 : i64) : {i64} -> {
      let {z_9 : i64} = apply big(x_8) : {i64}
      in {z_9}
    }
    scan {}
    reduce {}
  in {d_7, ys_10}
}
)";
  ir::Prog p = testir::afterCorePass(text, opt::inlineCalls);
  REQUIRE(p.funs.size() == 2);
  CHECK(p.funs[0].name == "big");
  CHECK(ir::countConstructsIn(p, {"main"})["Apply"] == 2);
  // With 16 statements it is small, and inlined.
  std::string sixteen = "fun big(x_1 : i64) : {i64} = {\n" + chain(16) + "  in {y_100}\n}\n\n" +
                        text.substr(text.find("fun once"));
  CHECK(keptNames(sixteen) == std::vector<std::string>{"main"});
  // #[inline] decides: inlined however large.
  CHECK(keptNames("#[inline]\n" + text) == std::vector<std::string>{"main"});
}

TEST_CASE("opt (IR text): without a hint, functions with arrays or SOACs in them are inlined") {
  // Each is large and called twice, from host code and from a map: sum holds a reduction
  // (kept, it would be a sequential loop in the map's kernel), first takes an array, and
  // outer calls sum (scalar itself, but inlining sum brings the reduction into it).
  std::string big = chain(17);
  std::string text = "fun sum(x_1 : i64) : {i64} = {\n" + big + R"(  let {is_101 : [y_100]i64} = iota.i64 y_100, 0i64, 1i64
  let {s_102 : i64} = screma(y_100, {is_101})
    map \(i_103 : i64) : {i64} -> {
      in {i_103}
    }
    scan {}
    reduce {
      (\(a_104 : i64, b_105 : i64) : {i64} -> {
        let {c_106 : i64} = add.i64 a_104 b_105
        in {c_106}
      }, {0i64})
    }
  in {s_102}
}

fun first(m_301 : i64, xs_302 : [m_301]i64) : {i64} = {
  let {x_1 : i64} = xs_302[0i64]
)" + big + R"(  in {y_100}
}

fun outer(x_1 : i64) : {i64} = {
)" + big + R"(  let {r_107 : i64} = apply sum(y_100) : {i64}
  in {r_107}
}

entry main(n_2 : i64, xs_3 : [n_2]i64) : {i64, i64, i64, [n_2]i64} = {
  let {a_4 : i64} = apply sum(n_2) : {i64}
  let {b_5 : i64} = apply first(n_2, xs_3) : {i64}
  let {c_6 : i64} = apply outer(n_2) : {i64}
  let {ys_10 : [n_2]i64} = screma(n_2, {xs_3})
    map \(x_8 : i64) : {i64} -> {
      let {z_9 : i64} = apply sum(x_8) : {i64}
      let {u_11 : i64} = apply first(n_2, xs_3) : {i64}
      let {v_12 : i64} = apply outer(u_11) : {i64}
      let {w_13 : i64} = add.i64 z_9 v_12
      in {w_13}
    }
    scan {}
    reduce {}
  in {a_4, b_5, c_6, ys_10}
}
)";
  ir::Prog p = testir::afterCorePass(text, opt::inlineCalls);
  REQUIRE(p.funs.size() == 1);
  CHECK(ir::countConstructs(p)["Apply"] == 0);
  // #[noinline] decides: sum stays; outer, which calls it, is still inlined.
  std::string marked = "#[noinline]\n" + text;
  CHECK(keptNames(marked) == std::vector<std::string>{"sum", "main"});
}
