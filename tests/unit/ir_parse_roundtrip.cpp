// Round trips of textual IR at every stage: for the demo programs and the program tests of
// several groups, `parse(print(p))` equals `p` structurally (ir/Equal.h), printing the parsed
// program gives the same text, and the parsed program passes the stage's verifier.
#include "driver/Pipeline.h"
#include "ir/Equal.h"
#include "ir/Parse.h"
#include "ir/Print.h"
#include "ir/Verify.h"

#include <doctest/doctest.h>

#include <algorithm>
#include <filesystem>

using namespace fjord;

namespace {

const std::vector<std::string> kStages = {"core", "simplified", "fused", "gpu", "mem"};

ir::Stage verifierStage(const std::string& stage) {
  if (stage == "gpu")
    return ir::Stage::Gpu;
  if (stage == "mem")
    return ir::Stage::Mem;
  return ir::Stage::Core;
}

/// Checks the round trip of `p`; `label` names it in failures.
void checkRoundTrip(const ir::Prog& p, const std::string& stage, const std::string& label) {
  INFO(label << " at stage " << stage);
  std::string text = ir::printProg(p);
  DiagnosticEngine diags;
  auto parsed = ir::parseProg(text, diags);
  REQUIRE_MESSAGE(parsed.has_value(), diags.render());
  std::string why;
  CHECK_MESSAGE(ir::equalProgs(*parsed, p, &why), why);
  CHECK(ir::printProg(*parsed) == text);
  CHECK_NOTHROW(ir::verify(*parsed, verifierStage(stage)));
  // Fresh names from the parsed program's name source collide with nothing it holds.
  CHECK(parsed->names.peek() <= p.names.peek());
}

/// Round-trips every stage of every program in `paths`; files that do not compile (or
/// whose pipeline stops with a user error) are skipped. Returns how many programs ran.
int roundTripFiles(const std::vector<std::string>& paths) {
  int ran = 0;
  for (const std::string& path : paths) {
    DiagnosticEngine diags;
    auto checked = driver::loadProgram(path, diags);
    if (!checked)
      continue;
    bool compiled = true;
    for (const std::string& stage : kStages) {
      auto p = driver::irAtStage(*checked, stage, diags);
      if (!p) {
        compiled = false;
        break;
      }
      checkRoundTrip(*p, stage, path);
    }
    ran += compiled ? 1 : 0;
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

} // namespace

TEST_CASE("ir: parse(print(p)) == p for the demo programs at every stage") {
  CHECK(roundTripFiles({std::string(FJORD_SOURCE_DIR) + "/samples/demo.fut"}) == 1);
}

TEST_CASE("ir: parse(print(p)) == p for the program tests at every stage") {
  for (const char* group : {"first", "scan", "reduce", "hist", "scatter", "memory"}) {
    INFO("group " << std::string(group));
    std::vector<std::string> paths = programsIn(group);
    int ran = roundTripFiles(paths);
    // Most of each group compiles; a group where none does means the harness is broken.
    CHECK(ran * 2 >= static_cast<int>(paths.size()));
  }
}

TEST_CASE("ir: parse(print(p)) == p for programs with LMAD slices and kernel arrays") {
  for (const char* group : {"lmad", "kernels", "existential"}) {
    INFO("group " << std::string(group));
    std::vector<std::string> paths = programsIn(group);
    int ran = roundTripFiles(paths);
    CHECK(ran * 2 >= static_cast<int>(paths.size()));
  }
}
