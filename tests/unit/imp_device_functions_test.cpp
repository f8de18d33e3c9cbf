// imp/ and backend/: functions called from kernel code and the user's operators of
// reductions become device functions (Note [Calls in Imp] in imp/Imp.h), defined once and
// called from every kernel and combine site; checks inside them reach the kernel's flag.
#include "backend/Dialect.h"
#include "backend/PrintKernels.h"
#include "imp/LowerToImp.h"
#include "imp/Parse.h"
#include "imp/Print.h"
#include "imp/Verify.h"
#include "ir/Parse.h"
#include "support/Diagnostics.h"

#include <doctest/doctest.h>

#include <map>
#include <string>

using namespace fjord;

namespace {

// tests/devcall.fut at the mem stage:
//   #[noinline] def pick (xs: []f32) (i: i64): f32 = xs[i] * 2
//   entry main (xs: []f32) (is: []i64) =
//     reduce (\(a, b) (c, d) -> (a + c, f32.max b d)) (0, f32.lowest) (map (\i -> (pick xs i, 1)) is)
const char* const kProgram = R"(#[span prog.fut:1:1-2:47]
#[noinline]
fun pick(xs_len_6 : i64, xs_mem_29 : mem@device, xs_7 : [xs_len_6]f32 @xs_mem_29 -> 0 + {(xs_len_6 : 1)}, i_8 : i64) : {f32} = {
  let {lo_ok_9 : bool} = le.i64 0i64 i_8
  let {hi_ok_10 : bool} = lt.i64 i_8 xs_len_6
  let {in_bounds_11 : bool} = logand.bool lo_ok_9 hi_ok_10
  #[prov "assert" prog.fut:2:38-2:43]
  let {} = assert in_bounds_11 "index out of bounds at devcall.fut:2:38"
  let {xs_elem_12 : f32} = xs_7[i_8]
  let {t_13 : f32} = mul.f32 xs_elem_12 2.0f32
  in {t_13}
}

#[span prog.fut:3:1-3:133]
#[entry(xs: []f32, is: []i64) -> (result_0: f32, result_1: f32)]
entry main(xs_len_1 : i64, xs_mem_30 : mem@device, xs_2 : [xs_len_1]f32 @xs_mem_30 -> 0 + {(xs_len_1 : 1)}, is_len_3 : i64, is_mem_31 : mem@device, is_4 : [is_len_3]i64 @is_mem_31 -> 0 + {(is_len_3 : 1)}) : {f32, f32} = {
  #[prov "map_reduce" prog.fut:3:38-3:133]
  let {reduced_25 : f32, reduced_26 : f32} = segred(flat_tid_28; gtid_27 < is_len_3)
    ops {
      (commutative \(x_19 : f32, x_20 : f32, y_21 : f32, y_22 : f32) : {f32, f32} -> {
        let {t_23 : f32} = add.f32 x_19 y_21
        let {t_24 : f32} = max.f32 x_20 y_22
        in {t_23, t_24}
      }, {0.0f32, -f32.inf})
    }
    : {f32, f32} {
      #[prov "map_reduce" prog.fut:3:38-3:133]
      let {x_5 : i64} = is_4[gtid_27]
      #[prov "pick" prog.fut:3:115-3:124]
      let {pick_res_14 : f32} = apply pick(xs_len_1, xs_mem_30, xs_2, x_5) : {f32}
      in {pick_res_14, 1.0f32}
    }
  in {reduced_25, reduced_26}
}
)";

imp::Program lowered() {
  DiagnosticEngine diags;
  auto p = ir::parseProg(kProgram, diags, "prog.ir");
  REQUIRE_MESSAGE(p.has_value(), diags.render());
  imp::Program out = imp::lowerToImp(*p, "prog.fut", diags);
  REQUIRE_MESSAGE(!diags.hasErrors(), diags.render());
  imp::verify(out);
  return out;
}

size_t occurrences(const std::string& text, const std::string& word) {
  size_t n = 0;
  for (size_t at = text.find(word); at != std::string::npos; at = text.find(word, at + 1))
    ++n;
  return n;
}

/// The Call statements of `b` (nested ones included), by callee.
void calls(const imp::Block& b, std::map<std::string, int>& out) {
  for (const imp::Stm& s : b) {
    if (s.kind == imp::Stm::Kind::Call)
      ++out[s.name];
    calls(s.body, out);
    calls(s.elseBody, out);
  }
}

} // namespace

TEST_CASE("imp: a kept function called in a kernel and a tuple operator are device functions") {
  imp::Program p = lowered();
  REQUIRE(p.deviceFunctions.size() == 2);
  const imp::Function& pick = p.deviceFunctions[0];
  const imp::Function& op = p.deviceFunctions[1];
  CHECK(pick.name == "dev_fun_pick");
  CHECK(pick.device);
  CHECK(pick.results.size() == 1);
  // xs's sizes and memory, the index, then the flag and the code of its check.
  CHECK(imp::printFunction(pick).find("device fun dev_fun_pick(i64 xs_len, const mem f32 xs_mem, "
                                      "i64 i, mem i32 error_flag, i32 error_base) -> (f32 ") !=
        std::string::npos);
  CHECK(op.name == "op_reduced");
  CHECK(op.params.size() == 4);
  CHECK(op.results.size() == 2);
  CHECK(op.body.back().kind == imp::Stm::Kind::Return);

  // Stage 1 calls pick once per element and the operator at every combine site; stage 2
  // only the operator.
  REQUIRE(p.kernels.size() == 2);
  std::map<std::string, int> stage1, stage2;
  calls(p.kernels[0].body, stage1);
  calls(p.kernels[1].body, stage2);
  CHECK(stage1["dev_fun_pick"] == 1);
  CHECK(stage1["op_reduced"] == 2); // the fold, and the group reduction of the pair
  CHECK(stage2["dev_fun_pick"] == 0);
  CHECK(stage2["op_reduced"] == 2);
  // The check inside pick is the kernel's first message: the host reports it.
  CHECK(imp::printProgram(p).find("\"index out of bounds at devcall.fut:2:38\"") != std::string::npos);
}

TEST_CASE("backend: device functions are printed once, before the kernels that call them") {
  imp::Program p = lowered();
  for (const backend::Dialect* d : {&backend::cudaDialect(), &backend::openclDialect()}) {
    backend::Helpers helpers(*d);
    backend::KernelNeeds needs;
    std::string text = backend::printKernels(p, *d, helpers, needs);
    bool cuda = d->kind == backend::Dialect::Kind::Cuda;
    std::string pickDef = cuda ? "static __device__ float dev_fun_pick(" : "static inline float dev_fun_pick(";
    std::string opDef = cuda ? "static __device__ void op_reduced(" : "static inline void op_reduced(";
    CHECK(occurrences(text, pickDef) == 1);
    CHECK(occurrences(text, opDef) == 1);
    CHECK(text.find(opDef) < text.find(d->kernelQualifier));
    CHECK(occurrences(text, "dev_fun_pick(") == 2); // the definition and the one call
    // The definition, then per kernel the thread's fold and the block's combine (warp
    // shuffles on CUDA, the shared-memory tree on OpenCL).
    CHECK(occurrences(text, "op_reduced(") == 5);
    // Two results: out-pointers written at the end, passed as the addresses of the
    // accumulators they update; the pair's group reduction is one macro.
    CHECK(text.find("*reduced_1_out = ") != std::string::npos);
    CHECK(text.find(", &reduced_acc, &reduced_acc_1)") != std::string::npos);
    CHECK(occurrences(text, "FJORD_GROUP_REDUCE2(") == 2);
    CHECK(text.find("// the operator of `reduced` (prog.fut:3:38)") != std::string::npos);
  }
}

TEST_CASE("imp: device functions and returns read back from text") {
  imp::Program p = lowered();
  std::string text = imp::printProgram(p);
  DiagnosticEngine diags;
  auto back = imp::parseProgram(text, diags, "device.imp");
  REQUIRE_MESSAGE(back.has_value(), diags.render());
  CHECK(imp::printProgram(*back) == text);
}
