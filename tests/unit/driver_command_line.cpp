// The `fjord` command line through the built binary: --version, unknown subcommands, the
// one `fjord: error: ...` form of a missing file in every subcommand, defaults in --help.
#include "generated_test_util.h"

#include <doctest/doctest.h>

#include <regex>
#include <string>

using namespace fjord::testutil;

namespace {

struct Result {
  int status;
  std::string output; ///< stdout and stderr together
};

/// Runs `fjord ARGS` in a scratch directory (where no file of the tests exists).
Result runFjord(const std::string& args) {
  static const fs::path dir = workDir("command-line");
  Result r;
  r.status = runIn(dir, std::string(FJORD_BINARY_DIR) + "/src/driver/fjord " + args, r.output);
  return r;
}

const char* const kSubcommands = "cuda, opencl, run, check, test, bench, dataset, dev";

} // namespace

TEST_CASE("driver: --version and -V print the version and the commit") {
  for (const char* flag : {"--version", "-V"}) {
    CAPTURE(flag);
    Result r = runFjord(flag);
    CHECK(r.status == 0);
    CHECK_MESSAGE(std::regex_match(r.output, std::regex(R"(fjord \d+\.\d+\.\d+( \(commit [0-9a-f]+\))?\n)")),
                  r.output);
  }
}

TEST_CASE("driver: an unknown or missing subcommand lists the valid ones") {
  Result typo = runFjord("cdua prog.fut");
  CHECK(typo.status == 1);
  CHECK(typo.output == std::string("fjord: error: unknown subcommand `cdua`; the subcommands are ") +
                           kSubcommands + "\n");
  Result none = runFjord("");
  CHECK(none.status == 1);
  CHECK(none.output.rfind("fjord: error: a subcommand is required: ", 0) == 0);
  CHECK(none.output.find(kSubcommands) != std::string::npos);
}

TEST_CASE("driver: every subcommand reports a missing file the same way") {
  for (const char* command :
       {"cuda missing.fut -o out", "opencl missing.fut -o out", "run missing.fut",
        "check missing.fut", "test missing.fut", "bench missing.fut",
        "dev --print=ast missing.fut", "bench --tuning missing.fut .",
        "opencl --tuning missing.fut -o out missing.fut"}) {
    CAPTURE(command);
    Result r = runFjord(command);
    CHECK(r.status == 1);
    CHECK(r.output == "fjord: error: no such file or directory: missing.fut\n");
  }
  Result dir = runFjord("check .");
  CHECK(dir.status == 1);
  CHECK(dir.output == "fjord: error: is a directory, not a file: .\n");
  // Other command-line errors have the same form, with where to find the usage.
  Result dataset = runFjord("dataset");
  CHECK(dataset.status == 1);
  CHECK(dataset.output ==
        "fjord: error: --generate is required\n(`fjord dataset --help` shows the usage)\n");
}

TEST_CASE("driver: --help shows the defaults and how files are named") {
  Result test = runFjord("test --help");
  CHECK(test.status == 0);
  CHECK(test.output.find("--backend TEXT:{interp,opencl,cuda}=interp") != std::string::npos);
  Result bench = runFjord("bench --help");
  CHECK(bench.output.find("--backend TEXT:{opencl,cuda}=opencl") != std::string::npos);
  CHECK(bench.output.find("--runs INT:POSITIVE=10") != std::string::npos);
  Result cuda = runFjord("cuda --help");
  CHECK(cuda.output.find("the files are named after the .fut file") != std::string::npos);
  CHECK(cuda.output.find("--source-root") != std::string::npos);
}
