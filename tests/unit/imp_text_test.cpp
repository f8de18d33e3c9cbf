// The imperative IR's text form: for the demo program and the program tests of several
// groups, the lowered imp verifies, `parse(print(p))` equals `p` (imp/Equal.h) and prints
// the same text again; malformed text is a located diagnostic; the verifier rejects
// programs that break its invariants.
#include "driver/Pipeline.h"
#include "imp/Equal.h"
#include "imp/LowerToImp.h"
#include "imp/Parse.h"
#include "imp/Print.h"
#include "imp/Verify.h"

#include <doctest/doctest.h>

#include <algorithm>
#include <filesystem>

using namespace fjord;

namespace {

void checkRoundTrip(const imp::Program& p, const std::string& label) {
  INFO(label);
  CHECK_NOTHROW(imp::verify(p));
  std::string text = imp::printProgram(p);
  DiagnosticEngine diags;
  auto parsed = imp::parseProgram(text, diags);
  REQUIRE_MESSAGE(parsed.has_value(), diags.render());
  std::string why;
  CHECK_MESSAGE(imp::equal(*parsed, p, &why), why);
  CHECK(imp::printProgram(*parsed) == text);
  CHECK_NOTHROW(imp::verify(*parsed));
}

/// Lowers and round-trips every program in `paths`; those that stop with a user error are
/// skipped. Returns how many ran.
int roundTripFiles(const std::vector<std::string>& paths) {
  int ran = 0;
  for (const std::string& path : paths) {
    DiagnosticEngine diags;
    auto checked = driver::loadProgram(path, diags);
    if (!checked)
      continue;
    auto mem = driver::irAtStage(*checked, "mem", diags);
    if (!mem)
      continue;
    imp::Program p = imp::lowerToImp(*mem, path, diags);
    if (diags.hasErrors())
      continue;
    checkRoundTrip(p, path);
    ++ran;
  }
  return ran;
}

std::vector<std::string> programsIn(const std::string& group) {
  std::vector<std::string> paths;
  auto dir = std::filesystem::path(FJORD_SOURCE_DIR) / "tests" / "programs" / group;
  for (const auto& entry : std::filesystem::directory_iterator(dir))
    if (entry.path().extension() == ".fut")
      paths.push_back(entry.path().string());
  std::sort(paths.begin(), paths.end());
  return paths;
}

/// The diagnostic for `text`, which must not parse.
std::string parseError(const std::string& text) {
  DiagnosticEngine diags;
  auto p = imp::parseProgram(text, diags, "bad.imp");
  CHECK_FALSE(p.has_value());
  return diags.render();
}

const char* const kSmall = R"(source "small.fut";

tuning "k.block_size" = 256 "threads per block of k";

kernel k(i64 n, const mem i32 xs, mem i32 ys) {
  i64 i = (block_id() * block_size()) + thread_id();
  if (i < n) {
    ys[i] = xs[i] + 1i32;
  }
}

#[entry(xs: []i32) -> (result_0: []i32)]
entry f(i64 n, const mem i32 xs) -> (i64 out_n, mem i32 out) {
  out_n = n;
  alloc out (n * 4i64 bytes);
  i64 bs = tuning("k.block_size");
  launch k<<<(((n + bs) - 1i64) / bs), bs>>>(n, mem xs, mem out);
}
)";

std::string replaced(std::string s, const std::string& from, const std::string& to) {
  size_t at = s.find(from);
  REQUIRE(at != std::string::npos);
  return s.replace(at, from.size(), to);
}

} // namespace

TEST_CASE("imp: parse(print(p)) == p for the samples") {
  std::vector<std::string> paths;
  for (const auto& e : std::filesystem::directory_iterator(std::string(FJORD_SOURCE_DIR) + "/samples"))
    if (e.path().extension() == ".fut")
      paths.push_back(e.path().string());
  REQUIRE_FALSE(paths.empty());
  CHECK(roundTripFiles(paths) == static_cast<int>(paths.size()));
}

TEST_CASE("imp: parse(print(p)) == p for the program tests") {
  for (const char* group : {"first", "scan", "reduce", "hist", "scatter", "memory", "kernels",
                            "existential", "lmad"}) {
    INFO("group " << std::string(group));
    std::vector<std::string> paths = programsIn(group);
    int ran = roundTripFiles(paths);
    CHECK(ran * 2 >= static_cast<int>(paths.size()));
  }
}

TEST_CASE("imp: text reads back what it says") {
  DiagnosticEngine diags;
  auto p = imp::parseProgram(kSmall, diags);
  REQUIRE_MESSAGE(p.has_value(), diags.render());
  CHECK(imp::printProgram(*p) == kSmall);
  imp::verify(*p);
  REQUIRE(p->kernels.size() == 1);
  const imp::Kernel& k = p->kernels[0];
  CHECK(k.params.at(1).kind == imp::Param::Kind::Mem);
  CHECK_FALSE(k.params.at(1).written);
  CHECK(k.params.at(2).written);
  const imp::Stm& store = k.body.at(1).body.at(0);
  CHECK(store.kind == imp::Stm::Kind::Store);
  CHECK(store.type == PrimType::I32);
  // Types come from the declarations: the Load is at i32, the sum is i32.
  CHECK(store.args.at(1)->type == PrimType::I32);
  CHECK(store.args.at(1)->args.at(0)->kind == imp::Exp::Kind::Load);
  const imp::Function& f = p->functions.at(0);
  CHECK(f.entry);
  CHECK(f.entryParams.at(0).rank == 1);
  CHECK(f.body.at(3).kind == imp::Stm::Kind::Launch);
  CHECK(f.body.at(3).kernelArgs.at(1).kind == imp::Param::Kind::Mem);
  // A changed program is not equal, and `why` says where.
  auto q = imp::parseProgram(replaced(kSmall, "xs[i] + 1i32", "xs[i] + 2i32"), diags);
  REQUIRE(q.has_value());
  std::string why;
  CHECK_FALSE(imp::equal(*p, *q, &why));
  CHECK(why.find("kernel k") != std::string::npos);
}

TEST_CASE("imp: noalias parameters read back and are not plain ones") {
  std::string text =
      replaced(kSmall, "const mem i32 xs, mem i32 ys", "noalias const mem i32 xs, noalias mem i32 ys");
  DiagnosticEngine diags;
  auto p = imp::parseProgram(text, diags);
  REQUIRE_MESSAGE(p.has_value(), diags.render());
  CHECK(imp::printProgram(*p) == text);
  imp::verify(*p);
  const imp::Kernel& k = p->kernels.at(0);
  CHECK_FALSE(k.params.at(0).noAlias);
  CHECK(k.params.at(1).noAlias);
  CHECK_FALSE(k.params.at(1).written);
  CHECK(k.params.at(2).noAlias);
  CHECK(k.params.at(2).written);
  auto plain = imp::parseProgram(kSmall, diags);
  REQUIRE(plain.has_value());
  std::string why;
  CHECK_FALSE(imp::equal(*p, *plain, &why));
  CHECK(why.find("parameter `xs`") != std::string::npos);
}

TEST_CASE("imp: malformed text is a diagnostic at its line and column") {
  auto startsWith = [](const std::string& s, const std::string& prefix) {
    INFO(s);
    return s.rfind(prefix, 0) == 0;
  };
  CHECK(startsWith(parseError(replaced(kSmall, "ys[i] = xs[i]", "ys[i] = zs[i]")),
                   "bad.imp:8:13: error: memory `zs` is not declared before this use\n"));
  CHECK(startsWith(parseError(replaced(kSmall, "if (i < n) {", "if (i < n {")),
                   "bad.imp:7:13: error: expected `)`, found `{`"));
  CHECK(startsWith(parseError(replaced(kSmall, "i64 i = ", "int i = ")),
                   "bad.imp:6:3: error: expected a statement, found `int`"));
  CHECK(startsWith(parseError(replaced(kSmall, "thread_id()", "thread_ix()")),
                   "bad.imp:6:41: error: unknown function `thread_ix`"));
  CHECK(startsWith(parseError("source \"x\";\nkernel k() { x = 1i64; }\n"),
                   "bad.imp:2:14: error: variable `x` is not declared before this use"));
  CHECK(startsWith(parseError("source \"x\";\nkernel k(const i64 n) {}\n"),
                   "bad.imp:2:16: error: expected `mem`, found `i64`"));
}

TEST_CASE("imp: the verifier rejects programs that break its invariants") {
  auto rejects = [](const std::string& text, const std::string& message) {
    DiagnosticEngine diags;
    auto p = imp::parseProgram(text, diags);
    REQUIRE_MESSAGE(p.has_value(), diags.render());
    try {
      imp::verify(*p);
      FAIL("verified: " << text);
    } catch (const InternalError& e) {
      CHECK_MESSAGE(std::string(e.what()).find(message) != std::string::npos, e.what());
    }
  };
  rejects(replaced(kSmall, "ys[i] = xs[i] + 1i32;", "xs[i] = 1i32;"),
          "a store to `xs`, a parameter the kernel does not write");
  rejects(replaced(kSmall, "xs[i] + 1i32", "xs[i] + 1i64"), "the right operand `1i64` has type i64");
  rejects(replaced(kSmall, "i64 bs = tuning(\"k.block_size\");", "i64 bs = thread_id();"),
          "outside a kernel");
  rejects(replaced(kSmall, "if (i < n) {", "i64 t = tuning(\"k.block_size\");\n  if (i < n) {"),
          "in a kernel (tuning parameters are host only)");
  rejects(replaced(kSmall, "(n, mem xs, mem out)", "(n, mem xs)"), "wrong number of kernel arguments");
  rejects(replaced(kSmall, "(n, mem xs, mem out)", "(n, mem xs, n)"),
          "argument 2 is not of its parameter's kind");
  rejects(replaced(kSmall, "tuning(\"k.block_size\")", "tuning(\"nope\")"),
          "unknown tuning parameter `nope`");
  rejects(replaced(kSmall, "out_n = n;", "i64 n = 1i64;"), "`n` is declared again while in scope");
  rejects(replaced(kSmall, "out_n = n;", "break;"), "`break` outside a loop");
  rejects(replaced(kSmall, "if (i < n) {", "if (i) {"), "the condition `i` has type i64");
  // Warp shuffles only where the target has them; vectors only of 4-byte elements, read
  // through their lanes.
  rejects(replaced(kSmall, "xs[i] + 1i32", "shuffle_down(xs[i], 1i64)"),
          "outside the body of an if_warp_shuffles");
  rejects(replaced(kSmall, "xs[i] + 1i32", "shuffle_up(xs[i], 1i64)"),
          "outside the body of an if_warp_shuffles");
  rejects(replaced(kSmall, "ys[i] = xs[i] + 1i32;", "vector.i32 v <- xs[i];\n    ys[i] = v;"),
          "vector `v` used as a scalar");
  rejects(replaced(kSmall, "ys[i] = xs[i] + 1i32;", "store_vector.i32 xs[i] <- (1i32, 2i32, 3i32, 4i32);"),
          "a store to `xs`, a parameter the kernel does not write");
  rejects(replaced(kSmall, "i64 bs = tuning(\"k.block_size\");",
                   "i64 bs = tuning(\"k.block_size\");\n  if_warp_shuffles {} else {}"),
          "a kernel-only statement in host code");
  // Dynamic shared memory: sized by the launch, which must say how much; device limits are
  // host only (Note [Dynamic shared memory in Imp], Note [Device limits] in ir/IR.h).
  const std::string dynamic =
      replaced(kSmall, "  i64 i = (block_id()", "  shared i32 sh[block_size()];\n  i64 i = (block_id()");
  rejects(dynamic, "a launch without the bytes of its kernel's dynamic shared memory");
  rejects(replaced(kSmall, "bs>>>", "bs, 64i64>>>"),
          "a launch with dynamic shared memory of a kernel that has none");
  rejects(replaced(dynamic, "shared i32 sh[block_size()]", "shared i32 sh[n]"),
          "a shared array whose size is neither constant nor block_size()");
  rejects(replaced(kSmall, "if (i < n) {", "i64 b = device_limit(max_block_size);\n  if (i < n) {"),
          "in a kernel (device limits are host only)");
  DiagnosticEngine diags;
  auto p = imp::parseProgram(
      replaced(replaced(dynamic, "bs>>>", "bs, (bs * 4i64)>>>"), "i64 bs = tuning(\"k.block_size\");",
               "i64 bs = device_limit(max_block_size);"),
      diags);
  REQUIRE_MESSAGE(p.has_value(), diags.render());
  CHECK_NOTHROW(imp::verify(*p));
  auto again = imp::parseProgram(imp::printProgram(*p), diags);
  REQUIRE_MESSAGE(again.has_value(), diags.render());
  CHECK(imp::equal(*p, *again));
}

TEST_CASE("imp: warp shuffles and vectors read back and verify") {
  std::string text = replaced(kSmall, "ys[i] = xs[i] + 1i32;",
                              "vector.i32 v <- xs[i];\n"
                              "    i32 s = lane.i32(v, 0) + lane.i32(v, 3);\n"
                              "    if_warp_shuffles {\n"
                              "      s = s + shuffle_down(s, 1i64);\n"
                              "      s = s + shuffle_up(s, 2i64);\n"
                              "    } else {\n"
                              "      s = s + 1i32;\n"
                              "    }\n"
                              "    store_vector.i32 ys[i] <- (s, s, s, s);");
  DiagnosticEngine diags;
  auto p = imp::parseProgram(text, diags);
  REQUIRE_MESSAGE(p.has_value(), diags.render());
  checkRoundTrip(*p, "shuffles and vectors");
  CHECK(imp::printProgram(*p).find("lane.i32(v, 3)") != std::string::npos);
  CHECK(imp::printProgram(*p).find("shuffle_up(s, 2i64)") != std::string::npos);
}
