// A failed check in a kernel skips the thread's work after it, but never a barrier
// (imp/GuardChecks.cpp, Note [Assertions in kernels] in imp/LowerKernel.cpp).
#include "imp/Lowering.h"
#include "imp/Parse.h"
#include "imp/Print.h"
#include "imp/Verify.h"

#include <doctest/doctest.h>

using namespace fjord;

namespace {

/// The kernel of `text` after guardFailedChecks, printed.
std::string guarded(const std::string& text) {
  DiagnosticEngine diags;
  auto p = imp::parseProgram("source \"guard.fut\";\n\n" + text, diags, "guard.imp");
  REQUIRE_MESSAGE(p.has_value(), diags.render());
  REQUIRE(p->kernels.size() == 1);
  imp::detail::guardFailedChecks(p->kernels[0].body, "error_flag");
  CHECK_NOTHROW(imp::verify(*p));
  return imp::printKernel(p->kernels[0]);
}

} // namespace

TEST_CASE("imp: a failed check skips the thread's work up to a barrier, keeping what comes after declared") {
  std::string out = guarded(R"(kernel k(i64 n, i64 i, const mem i32 xs_mem, mem i32 error_flag, mem i32 out_mem) {
  shared i32 sh[256i64];
  i64 tid = thread_id();
  bool ok = i < n;
  if (not(ok)) {
    atomic_cas.i32 error_flag[0i64], 0i32, 1i32;
  }
  i32 x = xs_mem[i];
  i32 y = x + 1i32;
  sh[tid] = y;
  barrier;
  out_mem[tid] = sh[0i64] + x;
}
)");
  CHECK_MESSAGE(out.find(R"(  i32 x = 0i32;
  if (not(ok)) {
    atomic_cas.i32 error_flag[0i64], 0i32, 1i32;
  } else {
    x = xs_mem[i];
    i32 y = x + 1i32;
    sh[tid] = y;
  }
  barrier;
  out_mem[tid] = sh[0i64] + x;
)") != std::string::npos,
                out);
}

TEST_CASE("imp: a failed check in a while loop keeps the loop's counter advancing") {
  std::string out = guarded(R"(kernel k(i64 n, i64 i, const mem i32 xs_mem, mem i32 error_flag, mem i32 out_mem) {
  i64 g = thread_id();
  i32 acc = 0i32;
  while (g < n) {
    bool ok = i < n;
    if (not(ok)) {
      atomic_cas.i32 error_flag[0i64], 0i32, 1i32;
    }
    i32 x = xs_mem[i];
    i32 t = acc + x;
    acc = t;
    g = g + 1i64;
  }
  out_mem[thread_id()] = acc;
}
)");
  CHECK_MESSAGE(out.find(R"(    i32 t = 0i32;
    if (not(ok)) {
      atomic_cas.i32 error_flag[0i64], 0i32, 1i32;
    } else {
      i32 x = xs_mem[i];
      t = acc + x;
    }
    acc = t;
    g = g + 1i64;
)") != std::string::npos,
                out);
}

TEST_CASE("imp: a check whose code is a checked load's guards nothing after it") {
  // Note [Checked loads] in imp/CheckedLoads.cpp: the read is already `ok ? xs[i] : 0`.
  DiagnosticEngine diags;
  auto p = imp::parseProgram(R"(source "guard.fut";

kernel k(i64 n, i64 i, const mem i32 xs_mem, mem i32 error_flag, mem i32 out_mem) {
  bool ok = i < n;
  if (not(ok)) {
    atomic_cas.i32 error_flag[0i64], 0i32, 1i32;
  }
  i32 x = ok ? xs_mem[i] : 0i32;
  bool ok_1 = x < n;
  if (not(ok_1)) {
    atomic_cas.i32 error_flag[0i64], 0i32, 2i32;
  }
  out_mem[thread_id()] = x;
}
)",
                             diags, "guard.imp");
  REQUIRE_MESSAGE(p.has_value(), diags.render());
  imp::detail::guardFailedChecks(p->kernels[0].body, "error_flag", {1});
  std::string out = imp::printKernel(p->kernels[0]);
  CHECK_MESSAGE(out.find(R"(  if (not(ok)) {
    atomic_cas.i32 error_flag[0i64], 0i32, 1i32;
  }
  i32 x = ok ? xs_mem[i] : 0i32;
)") != std::string::npos,
                out);
  // Check 2 is an ordinary one: the store after it is guarded.
  CHECK_MESSAGE(out.find(R"(    atomic_cas.i32 error_flag[0i64], 0i32, 2i32;
  } else {
    out_mem[thread_id()] = x;
  }
)") != std::string::npos,
                out);
}
