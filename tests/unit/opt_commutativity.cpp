// The commutativity analysis (opt/Commutativity.h) on reduction operators stated as IR
// text, and its effect on the generated code: a commutative reduction's stage 1 strides
// through the input, a non-commutative one folds contiguous chunks in order.
#include "generated_test_util.h"
#include "ir_text_util.h"

#include "ir/Parse.h"
#include "ir/Verify.h"
#include "opt/Commutativity.h"

#include <doctest/doctest.h>

using namespace fjord;

namespace {

/// A reduction over `n` elements of the tuple {xs, ys} (element type `t`) with operator
/// `\(a, b, c, d) -> body` (a, b: the accumulator; c, d: the element) returning `results`.
std::string reduction(const std::string& t, const std::string& body, const std::string& results,
                      const std::string& resultTypes) {
  return "fun f(n_1 : i64, xs_2 : [n_1]" + t + ", ys_3 : [n_1]" + t + ") : {" + resultTypes +
         "} = {\n"
         "  let {r_10 : " + t + ", r_11 : " + t + "} = screma(n_1, {xs_2, ys_3})\n"
         "    map \\(x_4 : " + t + ", y_5 : " + t + ") : {" + t + ", " + t + "} -> {\n"
         "      in {x_4, y_5}\n"
         "    }\n"
         "    scan {}\n"
         "    reduce {\n"
         "      (\\(a_6 : " + t + ", b_7 : " + t + ", c_8 : " + t + ", d_9 : " + t + ") : {" +
         resultTypes + "} -> {\n" + body + "        in {" + results + "}\n"
         "      }, {" + (t == "f32" ? "0.0f32, 0.0f32" : t == "bool" ? "false, true" : "0i32, 0i32") +
         "})\n"
         "    }\n"
         "  in {r_10, r_11}\n"
         "}\n";
}

/// Whether markCommutative marks the reduction in `text` commutative.
bool marked(const std::string& text) {
  ir::Prog out = testir::afterCorePass(text, opt::markCommutative);
  const ir::Stm& s = out.funs.at(0).body.stms.at(0);
  const auto& sc = std::get<ir::Screma>(std::get<ir::Soac>(std::get<ir::Op>(s.exp)));
  return sc.reds.at(0).commutative;
}

} // namespace

TEST_CASE("opt: built-in commutative operators on paired operands are commutative") {
  // Each component independently, either operand order.
  CHECK(marked(reduction("i32", "        let {s_12 : i32} = add.i32 c_8 a_6\n"
                                "        let {m_13 : i32} = max.i32 b_7 d_9\n",
                         "s_12, m_13", "i32, i32")));
  CHECK(marked(reduction("i32", "        let {s_12 : i32} = xor.i32 a_6 c_8\n"
                                "        let {m_13 : i32} = mul.i32 d_9 b_7\n",
                         "s_12, m_13", "i32, i32")));
  // Float + and * (commutative; their lack of associativity the reduction assumes away).
  CHECK(marked(reduction("f32", "        let {s_12 : f32} = add.f32 a_6 c_8\n"
                                "        let {m_13 : f32} = min.f32 d_9 b_7\n",
                         "s_12, m_13", "f32, f32")));
  // Bools: && and ==.
  CHECK(marked(reduction("bool", "        let {s_12 : bool} = logand.bool a_6 c_8\n"
                                 "        let {m_13 : bool} = eq.bool d_9 b_7\n",
                         "s_12, m_13", "bool, bool")));
}

TEST_CASE("opt: operators that are not provably commutative stay ordered") {
  // Subtraction.
  CHECK_FALSE(marked(reduction("i32", "        let {s_12 : i32} = sub.i32 a_6 c_8\n"
                                      "        let {m_13 : i32} = add.i32 b_7 d_9\n",
                               "s_12, m_13", "i32, i32")));
  // a * 2 + c: not a single commutative operation on the pair.
  CHECK_FALSE(marked(reduction("i32", "        let {t_12 : i32} = mul.i32 a_6 2i32\n"
                                      "        let {s_13 : i32} = add.i32 t_12 c_8\n"
                                      "        let {m_14 : i32} = add.i32 b_7 d_9\n",
                               "s_13, m_14", "i32, i32")));
  // Components combined across the tuple (a with d): not x_i op y_i.
  CHECK_FALSE(marked(reduction("i32", "        let {s_12 : i32} = add.i32 a_6 d_9\n"
                                      "        let {m_13 : i32} = add.i32 b_7 c_8\n",
                               "s_12, m_13", "i32, i32")));
  // Returning an operand ("last"), and float subtraction.
  CHECK_FALSE(marked(reduction("i32", "        let {m_13 : i32} = add.i32 b_7 d_9\n", "c_8, m_13",
                               "i32, i32")));
  CHECK_FALSE(marked(reduction("f32", "        let {s_12 : f32} = sub.f32 a_6 c_8\n"
                                      "        let {m_13 : f32} = add.f32 b_7 d_9\n",
                               "s_12, m_13", "f32, f32")));
}

TEST_CASE("opt: a commutative reduction's stage 1 strides through its input") {
  std::string errors;
  auto files = testutil::generate(
      "strided.fut",
      "entry sum (xs: []i32) : i32 = reduce (+) 0 xs\n"
      "entry last (xs: []i32) : i32 = reduce (\\a b -> if b != 0 then b else a) 0 xs\n",
      driver::Backend::Cuda, errors);
  REQUIRE_MESSAGE(files, errors);
  const std::string& cu = testutil::fileNamed(*files, "strided.cu");
  auto kernel = [&](const std::string& name) {
    size_t at = cu.find("__global__ void " + name);
    REQUIRE(at != std::string::npos);
    return cu.substr(at, cu.find("\n}\n", at) - at);
  };
  std::string sum = kernel("sum_reduce_stage1"), last = kernel("last_reduce_stage1");
  CHECK(sum.find("the grid's threads read side by side (coalesced)") != std::string::npos);
  CHECK(last.find("each thread folds a contiguous chunk, in order") != std::string::npos);
  CHECK(last.find("stride") == std::string::npos);
}
