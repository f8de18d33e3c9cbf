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

namespace {

// Existential sizes (Note [Existential sizes in the IR]): the `if` returns its result's size
// before the array, whose type names the pattern's size; the loop carries it as a merge
// parameter that the next one's type names.
const char* kExistentialSizes = R"(fun grow(b_1 : bool, n_2 : i64, xs_3 : [n_2]i32) : {i64, [acc_n_8]i32} = {
  let {m_5 : i64} = add.i64 n_2 n_2
  let {cc_6 : [m_5]i32} = concat m_5 (xs_3, xs_3)
  let {ys_n_4 : i64, ys_7 : [ys_n_4]i32} = if b_1
    then {
      in {n_2, xs_3}
    }
    else {
      in {m_5, cc_6}
    }
    : {i64, [ys_n_4]i32}
  let {acc_n_8 : i64, acc_9 : [acc_n_8]i32} = loop {p_n_10 : i64 = ys_n_4, p_11 : [p_n_10]i32 = ys_7} for i_12 < 3i64 do {
    let {k_13 : i64} = add.i64 p_n_10 p_n_10
    let {c_14 : [k_13]i32} = concat k_13 (p_11, p_11)
    in {k_13, c_14}
  }
  in {acc_n_8, acc_9}
}
)";

std::string replaced(std::string s, const std::string& from, const std::string& to) {
  size_t at = s.find(from);
  REQUIRE(at != std::string::npos);
  return s.replace(at, from.size(), to);
}

} // namespace

TEST_CASE("ir: parse(print(p)) == p for `if` and loop results with existential sizes") {
  DiagnosticEngine diags;
  auto p = ir::parseProg(kExistentialSizes, diags);
  REQUIRE_MESSAGE(p.has_value(), diags.render());
  CHECK(ir::printProg(*p) == kExistentialSizes);
  checkRoundTrip(*p, "core", "existential sizes");
  const ir::Stm& ifStm = p->funs.at(0).body.stms.at(2);
  REQUIRE(ifStm.pat.size() == 2);
  CHECK(ifStm.pat[1].type.shape.at(0) == ir::SubExp(ifStm.pat[0].name));
  const auto& lp = std::get<ir::Loop>(p->funs.at(0).body.stms.at(3).exp);
  CHECK(lp.merge.at(1).first.type.shape.at(0) == ir::SubExp(lp.merge.at(0).first.name));

  // A branch whose size does not match its array, a loop body whose size does not match
  // its array, and an `if` result size that is
  // neither in scope nor bound by the pattern are all rejected.
  auto rejects = [&](const std::string& text) {
    auto bad = ir::parseProg(text, diags);
    REQUIRE_MESSAGE(bad.has_value(), diags.render());
    CHECK_THROWS(ir::verify(*bad, ir::Stage::Core));
  };
  rejects(replaced(kExistentialSizes, "in {m_5, cc_6}", "in {n_2, cc_6}"));
  rejects(replaced(kExistentialSizes, "in {k_13, c_14}", "in {p_n_10, c_14}"));
  rejects(replaced(kExistentialSizes, "p_11 : [p_n_10]i32 = ys_7", "p_11 : [p_n_10]i32 = xs_3"));
  rejects(replaced(kExistentialSizes, "    : {i64, [ys_n_4]i32}", "    : {i64, [zz_99]i32}"));

  // The compiled programs' existential sizes survive every stage's round trip.
  std::vector<std::string> paths;
  for (const char* f : {"if_existential", "match_existential", "loop_generalise"})
    paths.push_back(std::string(FJORD_SOURCE_DIR) + "/tests/programs/sizes/" + f + ".fut");
  CHECK(roundTripFiles(paths) == 3);
}
