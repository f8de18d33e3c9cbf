// The one driver of the per-pass golden tests in tests/passes/<pass>/*.{ir,imp}: each file
// holds an input in IR text and the expected outputs as text (format: docs/testing.md).
// Inputs: `mem` (core IR at the mem stage, ir/Parse.h) or `imp` (imp/Parse.h). Outputs:
// `imp` (the input lowered to imp, or the imp input read back), `cuda-kernels` and
// `opencl-kernels` (the backend's kernel printer: a `// needs:` line for what the kernels need
// of the target, if anything, then helper definitions, then the kernels). Every input and
// output is verified. FJORD_UPDATE_PASS_TESTS=1 rewrites the expected outputs in place.
#include "backend/PrintKernels.h"
#include "imp/Equal.h"
#include "imp/LowerToImp.h"
#include "imp/Parse.h"
#include "imp/Print.h"
#include "imp/Verify.h"
#include "ir/Parse.h"
#include "ir/Verify.h"

#include <doctest/doctest.h>

#include <algorithm>
#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <sstream>

using namespace fjord;
namespace fs = std::filesystem;

namespace {

/// One `== KIND WHAT` section: its header words and its text up to the next header.
struct Section {
  std::string kind, what, text;
};

struct GoldenFile {
  std::string preamble; ///< the description before the first section
  std::vector<Section> sections;
};

GoldenFile split(const std::string& text) {
  GoldenFile g;
  std::string* into = &g.preamble;
  std::istringstream in(text);
  std::string line;
  while (std::getline(in, line)) {
    if (line.rfind("== ", 0) == 0) {
      std::istringstream words(line.substr(3));
      Section s;
      words >> s.kind >> s.what;
      g.sections.push_back(s);
      into = &g.sections.back().text;
      continue;
    }
    *into += line + "\n";
  }
  return g;
}

std::string join(const GoldenFile& g) {
  std::string out = g.preamble;
  for (const Section& s : g.sections)
    out += "== " + s.kind + " " + s.what + "\n" + s.text;
  return out;
}

std::string readText(const fs::path& p) {
  std::ifstream in(p, std::ios::binary);
  std::stringstream s;
  s << in.rdbuf();
  return s.str();
}

/// The imp program of the test's input (lowered from mem IR, or parsed), verified.
imp::Program impOf(const Section& input, const std::string& path) {
  DiagnosticEngine diags;
  if (input.what == "imp") {
    auto p = imp::parseProgram(input.text, diags, path);
    REQUIRE_MESSAGE(p.has_value(), diags.render());
    imp::verify(*p);
    CHECK_MESSAGE(imp::printProgram(*p) == input.text, "the input is not in printed form");
    return std::move(*p);
  }
  REQUIRE_MESSAGE(input.what == "mem", path << ": unknown input `" << input.what << "`");
  auto mem = ir::parseProg(input.text, diags, path);
  REQUIRE_MESSAGE(mem.has_value(), diags.render());
  ir::verify(*mem, ir::Stage::Mem);
  imp::Program p = imp::lowerToImp(*mem, path, diags);
  REQUIRE_MESSAGE(!diags.hasErrors(), diags.render());
  imp::verify(p);
  return p;
}

std::string output(const imp::Program& p, const std::string& what, const std::string& path) {
  if (what == "imp") {
    std::string text = imp::printProgram(p);
    // The printed text reads back as the same program.
    DiagnosticEngine diags;
    auto back = imp::parseProgram(text, diags, path);
    REQUIRE_MESSAGE(back.has_value(), diags.render());
    std::string why;
    CHECK_MESSAGE(imp::equal(*back, p, &why), why);
    return text;
  }
  bool cuda = what == "cuda-kernels";
  REQUIRE_MESSAGE((cuda || what == "opencl-kernels"), path << ": unknown output `" << what << "`");
  const backend::Dialect& d = cuda ? backend::cudaDialect() : backend::openclDialect();
  backend::Helpers helpers(d);
  backend::KernelNeeds needs;
  std::string kernels = backend::printKernels(p, d, helpers, needs);
  std::string needed = std::string(needs.f64 ? " f64" : "") + (needs.int64Atomics ? " int64-atomics" : "");
  return (needed.empty() ? "" : "// needs:" + needed + "\n") + helpers.definitions() + kernels;
}

} // namespace

TEST_CASE("passes: golden tests in tests/passes (input IR text, expected output text)") {
  fs::path root = fs::path(FJORD_SOURCE_DIR) / "tests" / "passes";
  std::vector<fs::path> files;
  for (const auto& e : fs::recursive_directory_iterator(root))
    if (e.path().extension() == ".ir" || e.path().extension() == ".imp")
      files.push_back(e.path());
  std::sort(files.begin(), files.end());
  REQUIRE(files.size() >= 4);
  bool update = std::getenv("FJORD_UPDATE_PASS_TESTS") != nullptr;
  for (const fs::path& file : files) {
    std::string path = fs::relative(file, FJORD_SOURCE_DIR).generic_string();
    INFO(path);
    GoldenFile g = split(readText(file));
    REQUIRE_MESSAGE((!g.sections.empty() && g.sections[0].kind == "input"),
                    "the first section must be `== input mem` or `== input imp`");
    imp::Program p = impOf(g.sections[0], path);
    size_t outputs = 0;
    for (Section& s : g.sections) {
      if (s.kind == "input")
        continue;
      REQUIRE_MESSAGE(s.kind == "output", "unknown section `" << s.kind << "`");
      ++outputs;
      std::string actual = output(p, s.what, path);
      if (update)
        s.text = actual;
      else
        CHECK_MESSAGE(actual == s.text, "output `" << s.what << "` differs; got:\n" << actual);
    }
    CHECK_MESSAGE(outputs > 0, "no `== output ...` section");
    if (update)
      std::ofstream(file, std::ios::binary) << join(g);
  }
}
