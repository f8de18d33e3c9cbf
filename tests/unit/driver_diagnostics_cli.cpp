// Diagnostics options through the built `fjord`: `--color` on every subcommand, `-w` and
// `-Werror` on those that compile, and what the user then sees (text, exit status).
#include "generated_test_util.h"

#include <unistd.h>

#include <doctest/doctest.h>

#include <string>

using namespace fjord::testutil;

namespace {

struct Result {
  int status;
  std::string output; ///< stdout and stderr together
};

/// A scratch directory holding `warn.fut` (one warning, no error), `warn_tested.fut` (the
/// same with a test block) and `bad.fut` (one error).
const fs::path& programsDir() {
  static const fs::path dir = [] {
    // One directory per process: CTest runs these cases side by side, and workDir empties
    // the directory it returns.
    fs::path d = workDir("diagnostics-cli-" + std::to_string(::getpid()));
    writeFile(d / "warn.fut", "entry main (x: i32) : i32 =\n"
                              "  match x\n"
                              "  case _ -> 1\n"
                              "  case 2 -> 2\n");
    writeFile(d / "warn_tested.fut", "-- ==\n"
                                     "-- input { 2 } output { 1 }\n"
                                     "entry main (x: i32) : i32 =\n"
                                     "  match x\n"
                                     "  case _ -> 1\n"
                                     "  case 2 -> 2\n");
    writeFile(d / "bad.fut", "entry main (xs: []f32) : []f32 = mapp (\\x -> x) xs\n");
    return d;
  }();
  return dir;
}

Result runFjord(const std::string& args) {
  Result r;
  r.status = runIn(programsDir(), std::string(FJORD_BINARY_DIR) + "/src/driver/fjord " + args,
                   r.output);
  return r;
}

bool hasEscape(const std::string& s) { return s.find('\033') != std::string::npos; }

} // namespace

TEST_CASE("driver: warnings are reported, dropped by -w and made errors by -Werror") {
  Result plain = runFjord("check warn.fut");
  CHECK(plain.status == 0);
  CHECK(plain.output.rfind("warn.fut:4:8: warning: unreachable case", 0) == 0);
  Result quiet = runFjord("check -w warn.fut");
  CHECK(quiet.status == 0);
  CHECK(quiet.output.empty());
  for (const char* command : {"check -Werror warn.fut", "check -W error warn.fut",
                              "run -Werror warn.fut < /dev/null", "dev -Werror --print=core warn.fut",
                              "cuda -Werror warn.fut -o out", "opencl warn.fut -Werror -o out"}) {
    CAPTURE(command);
    Result strict = runFjord(command);
    CHECK(strict.status == 1);
    CHECK(strict.output.rfind("warn.fut:4:8: error: unreachable case", 0) == 0);
    CHECK(strict.output.find(" [-Werror]\n") != std::string::npos);
    CHECK(strict.output.find("warning:") == std::string::npos);
  }
  CHECK_FALSE(fs::exists(programsDir() / "out")); // nothing written when -Werror fails
  // Generated code is written when the warning stays a warning.
  Result generated = runFjord("cuda warn.fut -o gen");
  CHECK(generated.status == 0);
  CHECK(generated.output.find("warning: unreachable case") != std::string::npos);
  CHECK(fs::exists(programsDir() / "gen" / "warn.cu"));
  Result other = runFjord("check -Wall warn.fut");
  CHECK(other.status == 1);
  CHECK(other.output.rfind("fjord: error: ", 0) == 0);
}

TEST_CASE("driver: -Werror fails the tests and benchmarks of a program with a warning, -w not") {
  CHECK(runFjord("test --backend interp warn_tested.fut").status == 0);
  CHECK(runFjord("test --backend interp -w warn_tested.fut").status == 0);
  Result tested = runFjord("test --backend interp -Werror warn_tested.fut");
  CHECK(tested.status == 1);
  CHECK(tested.output.find("warn_tested.fut:6:8: error: unreachable case") != std::string::npos);
  CHECK(tested.output.find(" [-Werror]\n") != std::string::npos);
  Result benched = runFjord("bench --backend cuda -Werror --export bench-out warn_tested.fut");
  CHECK(benched.status == 1);
  CHECK(benched.output.find("warn_tested.fut:6:8: error: unreachable case") != std::string::npos);
}

TEST_CASE("driver: --color=always paints, never and auto (not a terminal) do not") {
  Result always = runFjord("check --color=always bad.fut");
  CHECK(always.status == 1);
  CHECK(always.output.find("\033[1mbad.fut:1:34:\033[0m \033[1;31merror:\033[0m unknown name "
                           "\033[1m`mapp`\033[0m; did you mean \033[1m`map`\033[0m?\n") == 0);
  CHECK(always.output.find("\033[1;32m") != std::string::npos); // the caret
  for (const char* mode : {"never", "auto"}) {
    CAPTURE(mode);
    Result r = runFjord(std::string("check --color=") + mode + " bad.fut");
    CHECK(r.status == 1);
    CHECK_FALSE(hasEscape(r.output));
    CHECK(r.output.rfind("bad.fut:1:34: error: unknown name `mapp`; did you mean `map`?\n", 0) == 0);
  }
  Result warning = runFjord("check --color=always warn.fut");
  CHECK(warning.output.find("\033[1;35mwarning:\033[0m") != std::string::npos);
  // Command-line errors are coloured as well.
  Result cli = runFjord("check --color=always missing.fut");
  CHECK(cli.output == "fjord: \033[1;31merror:\033[0m no such file or directory: missing.fut\n");
}

TEST_CASE("driver: --color=auto colours on a terminal unless TERM=dumb or NO_COLOR is set") {
  // util-linux `script` runs the command on a pseudo-terminal.
  if (std::system("command -v script > /dev/null 2>&1") != 0)
    return;
  auto onTerminal = [](const std::string& env) {
    std::string output;
    runIn(programsDir(), env + " script -qefc '" + std::string(FJORD_BINARY_DIR) +
                             "/src/driver/fjord check bad.fut' /dev/null",
          output);
    return output;
  };
  // Under a loaded CTest run `script` has been seen to return before the child's output
  // reached it; only an output that has the error and lacks the colour is a failure.
  std::string coloured = onTerminal("TERM=xterm");
  if (coloured.find("error") == std::string::npos) {
    MESSAGE("script(1) passed no output on; skipped: " << coloured);
    return;
  }
  CHECK(coloured.find("\033[1;31merror:") != std::string::npos);
  CHECK_FALSE(hasEscape(onTerminal("TERM=xterm NO_COLOR=1")));
  CHECK_FALSE(hasEscape(onTerminal("TERM=dumb")));
  CHECK(onTerminal("TERM=xterm NO_COLOR=").find("\033[1;31merror:") != std::string::npos);
}

TEST_CASE("driver: --color is on every subcommand, -w and -Werror on the compiling ones") {
  CHECK(runFjord("dataset --color=never -g 1i32").output == "1i32\n");
  CHECK(runFjord("test --color=never warn.fut").status == 0);
  CHECK(runFjord("dev --color=never --passes").status == 0);
  Result bad = runFjord("check --color=sometimes warn.fut");
  CHECK(bad.status == 1);
  CHECK(bad.output.rfind("fjord: error: --color: ", 0) == 0);
  Result notCompiling = runFjord("dataset -w -g 1i32");
  CHECK(notCompiling.status == 1);
  CHECK(notCompiling.output.rfind("fjord: error: ", 0) == 0);
  Result help = runFjord("check --help");
  CHECK(help.output.find("--color") != std::string::npos);
  CHECK(help.output.find("-Werror") != std::string::npos);
}
