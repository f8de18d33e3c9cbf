// Determinism and diff stability of generated code (DESIGN.md, "What Fjord emits"): the same
// input gives byte-identical files in two separate runs of `fjord`; an edit inside one entry
// point that keeps the line count changes only that entry point's kernels and host code; an
// inserted line changes, beyond that, only source line numbers cited in the output.
//
// A generated file is compared as a list of top-level chunks (separated by blank lines:
// one kernel, one host function or one group of declarations each); a chunk belongs to an
// entry point when it defines one of the entry point's kernels or host functions.
#include "generated_test_util.h"

#include <doctest/doctest.h>

#include <regex>
#include <string>
#include <vector>

using namespace fjord;
using namespace fjord::testutil;

namespace {

std::vector<std::string> chunks(const std::string& text) {
  std::vector<std::string> out;
  size_t start = 0;
  for (size_t at = text.find("\n\n"); at != std::string::npos; at = text.find("\n\n", start)) {
    out.push_back(text.substr(start, at + 1 - start));
    start = at + 2;
  }
  out.push_back(text.substr(start));
  return out;
}

/// Whether `chunk` defines a kernel (`<entry>_...`) or host function (`entry_<entry>`,
/// `<prefix>_entry_<entry>`) of entry point `entry`.
bool belongsTo(const std::string& chunk, const std::string& entry) {
  static const std::regex definition(R"((?:__global__ |__kernel )void (\w+)\(|int (\w+)\()");
  for (auto it = std::sregex_iterator(chunk.begin(), chunk.end(), definition);
       it != std::sregex_iterator(); ++it) {
    std::string name = (*it)[1].matched ? (*it)[1].str() : (*it)[2].str();
    bool kernel = (*it)[1].matched && name.rfind(entry + "_", 0) == 0;
    bool hostFunction = name == "entry_" + entry ||
                        (name.size() > entry.size() + 7 &&
                         name.compare(name.size() - entry.size() - 7, std::string::npos,
                                      "_entry_" + entry) == 0);
    if (kernel || hostFunction)
      return true;
  }
  return false;
}

/// `s` with every cited source line (and column) number replaced by `#`.
std::string withoutLineNumbers(const std::string& s) {
  // file:line, file:line:col, file:line:col-col and a kernel's span file:first-last
  static const std::regex cited(R"(\.fut:\d+(:\d+(-\d+)?|-\d+)?)");
  return std::regex_replace(s, cited, ".fut:#");
}

struct Difference {
  int ofEntry = 0;                 ///< chunks of the entry point that changed
  std::vector<std::string> others; ///< other chunks that changed (beyond line numbers, if
                                   ///< allowed), as "file: before => after"
};

/// Compares each generated file of `before` with its counterpart in `after`.
Difference compare(const Files& before, const Files& after, const std::string& entry,
                   bool ignoreLineNumbers) {
  REQUIRE(before.size() == after.size());
  Difference d;
  for (size_t f = 0; f < before.size(); ++f) {
    REQUIRE(before[f].first == after[f].first);
    CAPTURE(before[f].first);
    std::vector<std::string> a = chunks(before[f].second), b = chunks(after[f].second);
    REQUIRE(a.size() == b.size());
    for (size_t i = 0; i < a.size(); ++i) {
      if (a[i] == b[i])
        continue;
      if (belongsTo(a[i], entry) && belongsTo(b[i], entry)) {
        ++d.ofEntry;
        continue;
      }
      if (ignoreLineNumbers && withoutLineNumbers(a[i]) == withoutLineNumbers(b[i]))
        continue;
      d.others.push_back(before[f].first + ":\n" + a[i] + "=>\n" + b[i]);
    }
  }
  return d;
}

/// `text` with the first occurrence of `from` replaced by `to` (which must exist).
std::string edited(const std::string& text, const std::string& from, const std::string& to) {
  size_t at = text.find(from);
  REQUIRE_MESSAGE(at != std::string::npos, "no `" << from << "` in the sample");
  return text.substr(0, at) + to + text.substr(at + from.size());
}

Files compileDemo(const std::string& source, driver::Backend backend) {
  std::string errors;
  std::optional<Files> files = generate("samples/demo.fut", source, backend, errors, true);
  REQUIRE_MESSAGE(files, errors);
  return *files;
}

const driver::Backend kBackends[] = {driver::Backend::Cuda, driver::Backend::OpenCL};

} // namespace

TEST_CASE("driver: two runs of fjord write byte-identical files") {
  fs::path dir = workDir("determinism");
  std::string fjord = std::string(FJORD_BINARY_DIR) + "/src/driver/fjord";
  std::string out;
  for (const char* backend : {"cuda", "opencl"}) {
    CAPTURE(backend);
    std::string run = "cd '" FJORD_SOURCE_DIR "' && " + fjord + " " + backend +
                      " samples/demo.fut --executable -o '" + dir.string() + "/";
    REQUIRE_MESSAGE(runIn(dir, run + "a'", out) == 0, out);
    REQUIRE_MESSAGE(runIn(dir, run + "b'", out) == 0, out);
    REQUIRE_MESSAGE(runIn(dir, "diff -r a b", out) == 0, out);
    CHECK(fs::exists(dir / "a" / "demo.h"));
    fs::remove_all(dir / "a");
    fs::remove_all(dir / "b");
  }
}

TEST_CASE("driver: changing a constant in one entry point changes only its code") {
  std::string source = sourceFile("samples/demo.fut");
  std::string changed = edited(source, "map (\\x -> 2 * x + 1) xs", "map (\\x -> 3 * x + 1) xs");
  for (driver::Backend backend : kBackends) {
    Files before = compileDemo(source, backend), after = compileDemo(changed, backend);
    Difference d = compare(before, after, "scale", /*ignoreLineNumbers=*/false);
    CHECK(d.ofEntry >= 1);
    CHECK_MESSAGE(d.others.empty(), (d.others.empty() ? "" : d.others.front()));
  }
}

TEST_CASE("driver: changing an operator in one entry point changes only its code") {
  std::string source = sourceFile("samples/demo.fut");
  std::string changed = edited(source, "(map2 (*) xs ys)", "(map2 (-) xs ys)");
  for (driver::Backend backend : kBackends) {
    Files before = compileDemo(source, backend), after = compileDemo(changed, backend);
    Difference d = compare(before, after, "dot", /*ignoreLineNumbers=*/false);
    // OpenCL: stage 1 in the .cl file and in the host file's embedded copy; CUDA: stage 1.
    CHECK(d.ofEntry >= 1);
    CHECK_MESSAGE(d.others.empty(), (d.others.empty() ? "" : d.others.front()));
    const std::string& code = fileNamed(after, backend == driver::Backend::Cuda ? "demo.cu"
                                                                                  : "demo.cl");
    CHECK(code.find(" - ") != std::string::npos);
  }
}

TEST_CASE("driver: inserting a line changes other entry points only in cited line numbers") {
  std::string source = sourceFile("samples/demo.fut");
  // Splits the one-line `dot` in two: `rowsums` and `argmax` move down a line.
  std::string changed = edited(source, "f32 = reduce (+) 0 (map2", "f32 =\n  reduce (+) 0 (map2");
  for (driver::Backend backend : kBackends) {
    Files before = compileDemo(source, backend), after = compileDemo(changed, backend);
    Difference d = compare(before, after, "dot", /*ignoreLineNumbers=*/true);
    CHECK(d.ofEntry >= 1); // its kernels cite the new line
    CHECK_MESSAGE(d.others.empty(), (d.others.empty() ? "" : d.others.front()));
    // And the numbers did shift: rowsums was on line 15.
    const std::string& code = fileNamed(after, backend == driver::Backend::Cuda ? "demo.cu"
                                                                                  : "demo.cl");
    CHECK(code.find("// demo.fut:16: entry rowsums") != std::string::npos);
    CHECK(!compare(before, after, "dot", /*ignoreLineNumbers=*/false).others.empty());
  }
}

TEST_CASE("driver: generated files do not depend on where fjord runs or how the path is spelt") {
  fs::path dir = workDir("invocation");
  std::string fjord = std::string(FJORD_BINARY_DIR) + "/src/driver/fjord";
  std::string out;
  for (const char* backend : {"cuda", "opencl"}) {
    CAPTURE(backend);
    std::string gen = fjord + " " + backend + " --executable ";
    std::string to = " -o '" + dir.string() + "/";
    REQUIRE_MESSAGE(runIn(dir, "cd '" FJORD_SOURCE_DIR "' && " + gen + "samples/demo.fut" + to + "a'", out) == 0, out);
    REQUIRE_MESSAGE(runIn(dir, "cd '" FJORD_SOURCE_DIR "/samples' && " + gen + "./demo.fut" + to + "b'", out) == 0, out);
    REQUIRE_MESSAGE(runIn(dir, gen + "'" FJORD_SOURCE_DIR "/samples/demo.fut'" + to + "c'", out) == 0, out);
    CHECK_MESSAGE(runIn(dir, "diff -r a b && diff -r a c", out) == 0, out);
    // Never an absolute path; the header cites the program by its name.
    CHECK_MESSAGE(runIn(dir, "! grep -rl '" FJORD_SOURCE_DIR "' a", out) == 0, out);
    CHECK(readFile(dir / "a" / "demo.h").rfind("// Generated by Fjord from demo.fut. Do not edit.\n", 0) == 0);
    // --source-root: relative to that directory instead.
    REQUIRE_MESSAGE(runIn(dir, gen + "--source-root '" FJORD_SOURCE_DIR "' '" FJORD_SOURCE_DIR "/samples/demo.fut'" + to + "d'", out) == 0, out);
    CHECK(readFile(dir / "d" / "demo.h").rfind("// Generated by Fjord from samples/demo.fut. Do not edit.\n", 0) == 0);
    for (const char* sub : {"a", "b", "c", "d"})
      fs::remove_all(dir / sub);
  }
}

TEST_CASE("driver: every kernel cites its source line, replicate and copy kernels too") {
  const std::string source = "entry fill (n: i64) (x: f32) : [n]f32 = replicate n x\n"
                             "entry grid (n: i64) : [n][n]i32 = replicate n (replicate n 7)\n"
                             "entry dup (xs: []f32) : []f32 = copy xs\n";
  static const std::regex kernel(R"(((?://[^\n]*\n)*)(?:static )?(?:__global__ |__kernel )void (\w+))");
  for (driver::Backend backend : kBackends) {
    std::string errors;
    std::optional<Files> files = generate("dir/fill.fut", source, backend, errors);
    REQUIRE_MESSAGE(files, errors);
    const std::string& code =
        fileNamed(*files, backend == driver::Backend::Cuda ? "fill.cu" : "fill.cl");
    int kernels = 0;
    for (auto it = std::sregex_iterator(code.begin(), code.end(), kernel);
         it != std::sregex_iterator(); ++it, ++kernels) {
      CAPTURE((*it)[2].str());
      CHECK(std::regex_search((*it)[1].str(), std::regex(R"(^// fill\.fut:[123]: entry )")));
    }
    CHECK(kernels >= 2);
  }
}
