// The pass table (driver/PassTable.h) and the pipeline's stop points built from it: every
// pass listed once in pipeline order with consistent stages, `--print=PASS` stopping right
// after that pass, the named stages as aliases of passes, and unknown names reported with
// the valid ones.
#include "driver/PassTable.h"

#include "driver/Pipeline.h"
#include "support/Diagnostics.h"

#include <doctest/doctest.h>

#include <cctype>
#include <map>
#include <set>
#include <sstream>

using namespace fjord;

namespace {

const char* kDoubleAndSum = R"(
entry main (xs: []i32) : ([]i32, i32) =
  let ys = map (\x -> x * 2) xs
  in (ys, reduce (+) 0 ys)
)";

driver::CheckedProgramPtr loadDoubleAndSum(DiagnosticEngine& diags) {
  auto prog = driver::loadProgramText("pass_table_test.fut", kDoubleAndSum, diags);
  REQUIRE(prog);
  return prog;
}

std::string printedAt(const driver::CheckedProgram& prog, const std::string& name) {
  DiagnosticEngine diags;
  auto text = driver::printStage(prog, name, diags);
  INFO(diags.render());
  REQUIRE(text);
  return *text;
}

std::map<std::string, int> countsAt(const driver::CheckedProgram& prog, const std::string& name) {
  DiagnosticEngine diags;
  auto counts = driver::countStage(prog, name, diags);
  INFO(diags.render());
  REQUIRE(counts);
  return *counts;
}

} // namespace

TEST_CASE("driver: the pass table lists every pass once, in pipeline order") {
  std::vector<std::string> names;
  for (const driver::Pass& pass : driver::passTable())
    names.push_back(pass.name);
  CHECK(names == std::vector<std::string>{
                     "inline", "simplify", "fuse", "simplify-fused", "commutativity",
                     "interchange-array-operators", "flatten-row-updates", "extract-kernels",
                     "tile-blocks", "remove-proven-checks", "introduce-memory", "coalesce-accesses",
                     "merge-blocks", "lower-to-imp"});
  // Pass names and stage names are one namespace for `--print`: no name twice.
  std::set<std::string> all(names.begin(), names.end());
  all.insert(driver::stageNames().begin(), driver::stageNames().end());
  CHECK(all.size() == names.size() + driver::stageNames().size());
  CHECK(driver::findPass("extract-kernels") == &driver::passTable()[7]);
  CHECK(driver::findPass("gpu") == nullptr);
}

TEST_CASE("driver: every pass has a one-line lower-case summary without a final period") {
  for (const driver::Pass& pass : driver::passTable()) {
    std::string summary = pass.summary;
    INFO(pass.name);
    REQUIRE(summary.size() > 10);
    CHECK(std::islower(static_cast<unsigned char>(summary.front())));
    CHECK(summary.back() != '.');
    CHECK(summary.find('\n') == std::string::npos);
  }
}

TEST_CASE("driver: each pass consumes the stage the previous one produces") {
  const auto& table = driver::passTable();
  REQUIRE(!table.empty());
  CHECK(table.front().consumes == ir::Stage::Core); // internalisation's output
  for (size_t i = 1; i < table.size(); ++i) {
    INFO(table[i].name);
    CHECK(table[i].consumes == table[i - 1].produces);
  }
  CHECK(table.back().produces == ir::Stage::Imp); // what the backends print
  CHECK(driver::findPass("extract-kernels")->produces == ir::Stage::Gpu);
  CHECK(driver::findPass("introduce-memory")->produces == ir::Stage::Mem);
}

TEST_CASE("driver: the named stages are the ones the table's passes end") {
  CHECK(driver::stageNames() ==
        std::vector<std::string>{"ast", "core", "simplified", "fused", "gpu", "mem", "imp"});
  CHECK(std::string(driver::findPass("extract-kernels")->endsStage) == "gpu");
  CHECK(std::string(driver::findPass("merge-blocks")->endsStage) == "mem");
  CHECK(driver::findPass("fuse")->endsStage == nullptr);
}

TEST_CASE("driver: --passes lists one line per pass with its stages, in order") {
  std::istringstream in(driver::describePasses());
  std::string line;
  size_t i = 0;
  for (; std::getline(in, line); ++i) {
    REQUIRE(i < driver::passTable().size());
    const driver::Pass& pass = driver::passTable()[i];
    CHECK(line.rfind(std::string(pass.name) + " ", 0) == 0);
    CHECK(line.find(pass.summary) != std::string::npos);
  }
  CHECK(i == driver::passTable().size());
  std::string listing = driver::describePasses();
  CHECK(listing.find("extract-kernels              core -> gpu   gpu") != std::string::npos);
  CHECK(listing.find("lower-to-imp                 mem -> imp    imp") != std::string::npos);
}

TEST_CASE("driver: --print=PASS stops right after that pass") {
  DiagnosticEngine diags;
  auto prog = loadDoubleAndSum(diags);

  // Before kernel extraction: SOACs, no SegOp.
  auto flattened = countsAt(*prog, "flatten-row-updates");
  CHECK(flattened["Screma"] >= 1);
  CHECK(flattened["SegMap"] + flattened["SegRed"] == 0);

  // After it: SegOps, no SOAC at host level, no memory yet.
  auto extracted = countsAt(*prog, "extract-kernels");
  CHECK(extracted["SegMap"] + extracted["SegRed"] >= 1);
  CHECK(extracted["Screma"] == 0);
  CHECK(extracted["Alloc"] == 0);
  std::string text = printedAt(*prog, "extract-kernels");
  CHECK(text.find("seg") != std::string::npos);
  CHECK(text.find("alloc(") == std::string::npos);

  // The next pass introduces memory.
  CHECK(countsAt(*prog, "introduce-memory")["Alloc"] >= 1);
  CHECK(printedAt(*prog, "introduce-memory").find("alloc(") != std::string::npos);
}

TEST_CASE("driver: a named stage prints what its last pass leaves, Futhark's spellings too") {
  DiagnosticEngine diags;
  auto prog = loadDoubleAndSum(diags);
  CHECK(printedAt(*prog, "gpu") == printedAt(*prog, "extract-kernels"));
  CHECK(printedAt(*prog, "simplified") == printedAt(*prog, "simplify"));
  CHECK(printedAt(*prog, "fused") == printedAt(*prog, "commutativity"));
  CHECK(printedAt(*prog, "gpu-mem") == printedAt(*prog, "merge-blocks"));
  CHECK(printedAt(*prog, "mem") == printedAt(*prog, "merge-blocks"));
  CHECK(printedAt(*prog, "internalised") == printedAt(*prog, "core"));
  CHECK(printedAt(*prog, "ast").find("entry main") != std::string::npos);
}

TEST_CASE("driver: after lower-to-imp the imperative IR is printed, and not counted") {
  DiagnosticEngine diags;
  auto prog = loadDoubleAndSum(diags);
  std::string imp = printedAt(*prog, "lower-to-imp");
  CHECK(imp == printedAt(*prog, "imp"));
  CHECK(imp.find("kernel") != std::string::npos);

  DiagnosticEngine countDiags;
  CHECK_FALSE(driver::countStage(*prog, "imp", countDiags));
  CHECK(countDiags.render().find("after `imp` the program is the imperative IR") != std::string::npos);
}

TEST_CASE("driver: an unknown stage or pass name is an error listing the valid ones") {
  DiagnosticEngine diags;
  auto prog = loadDoubleAndSum(diags);
  for (std::string bad : {"extract-kernel", "Gpu", ""}) {
    DiagnosticEngine printDiags;
    CHECK_FALSE(driver::printStage(*prog, bad, printDiags));
    std::string msg = printDiags.render();
    INFO(msg);
    CHECK(msg.find("unknown stage or pass `" + bad + "`") != std::string::npos);
    CHECK(msg.find("ast, core, simplified, fused, gpu, mem, imp (also internalised, gpu-mem)") !=
          std::string::npos);
    CHECK(msg.find("inline, simplify, fuse,") != std::string::npos);
    CHECK(msg.find("merge-blocks, lower-to-imp") != std::string::npos);
  }
  DiagnosticEngine countDiags;
  CHECK_FALSE(driver::countStage(*prog, "fusion", countDiags));
  CHECK(countDiags.render().find("unknown stage or pass `fusion`") != std::string::npos);
  DiagnosticEngine checkDiags;
  CHECK(driver::checkStopName("coalesce-accesses", checkDiags));
  CHECK_FALSE(checkDiags.hasErrors());
}
