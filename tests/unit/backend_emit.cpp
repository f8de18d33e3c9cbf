// Backend tests: emit the hand-built `scale` program for CUDA and OpenCL and check that the
// output is formatted, deterministic, valid OpenCL C, compiles warning-free, runs on PoCL
// with correct results (through the C API and the generated executable), and that two
// modules with different prefixes link into one program.
#include "backend/CheckOpenCL.h"
#include "backend/Emit.h"
#include "backend/Format.h"
#include "backend_fixture.h"

#include <doctest/doctest.h>

#include <algorithm>
#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <sstream>
#include <string>

namespace fs = std::filesystem;
using namespace fjord;
using namespace fjord::backend;

namespace {

const std::string& file(const GeneratedFiles& g, const std::string& name) {
  for (const auto& [n, text] : g.files)
    if (n == name)
      return text;
  FAIL("no generated file " << name);
  static std::string none;
  return none;
}

/// A fresh directory under the build tree for one test.
fs::path workDir(const std::string& name) {
  fs::path dir = fs::path(FJORD_BINARY_DIR) / "backend-tests" / name;
  fs::remove_all(dir);
  fs::create_directories(dir);
  return dir;
}

void writeFiles(const GeneratedFiles& g, const fs::path& dir) {
  for (const auto& [name, text] : g.files)
    std::ofstream(dir / name, std::ios::binary) << text;
}

std::string readFile(const fs::path& p) {
  std::ifstream in(p, std::ios::binary);
  std::stringstream s;
  s << in.rdbuf();
  return s.str();
}

/// Runs a shell command in `dir`; returns its exit status, with stdout+stderr in `output`.
int run(const fs::path& dir, const std::string& command, std::string& output) {
  fs::path log = dir / "command.log";
  std::string full = "cd '" + dir.string() + "' && (" + command + ") > '" + log.string() + "' 2>&1";
  int status = std::system(full.c_str());
  output = readFile(log);
  return WIFEXITED(status) ? WEXITSTATUS(status) : -1;
}

bool isRuntime(const std::string& name) { return name.rfind("fjord_runtime_", 0) == 0; }

/// A program over the C API of module `p` (stem `stem`): checks `scale` and `first`.
std::string driverBody(const std::string& p) {
  return "  {\n"
         "    auto* cfg = " + p + "_context_config_new();\n"
         "    if (" + p + "_context_config_set_tuning_param(cfg, \"scale_map.block_size\", 64) != 0)\n"
         "      return 10;\n"
         "    if (" + p + "_context_config_set_tuning_param(cfg, \"no_such_param\", 1) == 0)\n"
         "      return 11;\n"
         "    auto* ctx = " + p + "_context_new(cfg);\n"
         "    if (char* e = " + p + "_context_get_error(ctx)) {\n"
         "      std::fprintf(stderr, \"%s\\n\", e);\n"
         "      return 12;\n"
         "    }\n"
         "    std::vector<float> data(1000);\n"
         "    for (int i = 0; i < 1000; ++i)\n"
         "      data[i] = static_cast<float>(i);\n"
         "    auto* xs = " + p + "_new_f32_1d(ctx, data.data(), 1000);\n"
         "    struct " + p + "_f32_1d* ys = nullptr;\n"
         "    if (!xs || " + p + "_entry_scale(ctx, &ys, xs, 2.5f) != 0)\n"
         "      return 13;\n"
         "    if (" + p + "_shape_f32_1d(ctx, ys)[0] != 1000)\n"
         "      return 14;\n"
         "    std::vector<float> out(1000);\n"
         "    if (" + p + "_values_f32_1d(ctx, ys, out.data()) != 0)\n"
         "      return 15;\n"
         "    for (int i = 0; i < 1000; ++i)\n"
         "      if (out[i] != 2.5f * static_cast<float>(i))\n"
         "        return 16;\n"
         "    float first = 0;\n"
         "    if (" + p + "_entry_first(ctx, &first, ys) != 0 || first != 0.0f)\n"
         "      return 17;\n"
         "    auto* empty = " + p + "_new_f32_1d(ctx, data.data(), 0);\n"
         "    if (" + p + "_entry_first(ctx, &first, empty) != 2)\n"
         "      return 18;\n"
         "    char* error = " + p + "_context_get_error(ctx);\n"
         "    if (!error || !std::strstr(error, \"out of bounds\"))\n"
         "      return 19;\n"
         "    std::free(error);\n"
         "    " + p + "_free_f32_1d(ctx, empty);\n"
         "    " + p + "_free_f32_1d(ctx, xs);\n"
         "    " + p + "_free_f32_1d(ctx, ys);\n"
         "    " + p + "_context_free(ctx);\n"
         "    " + p + "_context_config_free(cfg);\n"
         "  }\n";
}

std::string driver(const std::vector<std::pair<std::string, std::string>>& modules) {
  std::string s;
  for (const auto& [stem, prefix] : modules)
    s += "#include \"" + stem + ".h\"\n";
  s += "#include <cstdio>\n#include <cstdlib>\n#include <cstring>\n#include <vector>\n\n"
       "int main() {\n";
  for (const auto& [stem, prefix] : modules)
    s += driverBody(prefix);
  return s + "  std::puts(\"ok\");\n  return 0;\n}\n";
}

const char* kWarnings = "-Wall -Wextra -Werror";

} // namespace

TEST_CASE("backend: output is formatted, deterministic and has the file header") {
  imp::Program prog = test::scaleProgram();
  for (bool cuda : {true, false}) {
    EmitOptions options;
    options.executable = true;
    GeneratedFiles a = cuda ? emitCuda(prog, options) : emitOpenCL(prog, options);
    GeneratedFiles b = cuda ? emitCuda(prog, options) : emitOpenCL(prog, options);
    REQUIRE(a.files == b.files);
    for (const auto& [name, text] : a.files) {
      if (isRuntime(name))
        continue;
      CAPTURE(name);
      CHECK(text.rfind("// Generated by Fjord from tests/scale.fut. Do not edit.\n", 0) == 0);
      CHECK(formatCode(text, name) == text);
    }
  }
  GeneratedFiles cu = emitCuda(prog, {});
  std::string names;
  for (const auto& [name, text] : cu.files)
    names += name + " ";
  CHECK(names == "scale.cu scale.h scale_tuning.h fjord_runtime_common.h fjord_runtime_cuda.h ");
  const std::string& kernel = file(cu, "scale.cu");
  CHECK(kernel.find("// tests/scale.fut:2:3-22: map (* a) xs") != std::string::npos);
  CHECK(kernel.find("unused") == std::string::npos); // dead scalar dropped
  CHECK(kernel.find("<<<") != std::string::npos);
  const std::string& tuning = file(cu, "scale_tuning.h");
  CHECK(tuning.find("#ifndef FJORD_SCALE_SCALE_MAP_BLOCK_SIZE\n#define "
                    "FJORD_SCALE_SCALE_MAP_BLOCK_SIZE 256\n#endif") != std::string::npos);
}

TEST_CASE("backend: generated OpenCL C passes Clang's OpenCL 1.2 front end") {
  GeneratedFiles g = emitOpenCL(test::scaleProgram(), {});
  const std::string& cl = file(g, "scale.cl");
  CHECK(cl.find("__kernel void scale_map(") != std::string::npos);
  CHECK(checkOpenCL(cl, "scale.cl") == "");
  // And the checker does report errors.
  CHECK(checkOpenCL("__kernel void f(__global float* x) { x[0] = undefined_name; }") != "");
}

TEST_CASE("backend: OpenCL output compiles warning-free and runs on PoCL") {
  fs::path dir = workDir("opencl");
  EmitOptions options;
  options.executable = true;
  writeFiles(emitOpenCL(test::scaleProgram(), options), dir);
  std::ofstream(dir / "driver.cpp") << driver({{"scale", "scale"}});
  std::string out;
  REQUIRE_MESSAGE(run(dir, std::string("g++ -std=c++17 ") + kWarnings +
                               " scale_host.cpp driver.cpp -lOpenCL -o driver",
                      out) == 0,
                  out);
  REQUIRE_MESSAGE(run(dir, "./driver", out) == 0, out);
  CHECK(out == "ok\n");

  // The generated executable: Futhark's data format in and out.
  REQUIRE_MESSAGE(run(dir, std::string("g++ -std=c++17 ") + kWarnings +
                               " scale_host.cpp scale_main.cpp -lOpenCL -o scale",
                      out) == 0,
                  out);
  REQUIRE_MESSAGE(run(dir, "echo '[1f32, 2.5f32, -3] 2' | ./scale -e scale", out) == 0, out);
  CHECK(out == "[2.0f32, 5.0f32, -6.0f32]\n");
  REQUIRE_MESSAGE(run(dir, "echo 'empty([0]f32) 2f32' | ./scale -e scale", out) == 0, out);
  CHECK(out == "empty([0]f32)\n");
  REQUIRE_MESSAGE(run(dir, "echo '[0.1f32] f32.inf' | ./scale -e scale -r 3 -t times.txt "
                           "--param scale_map.block_size=32",
                      out) == 0,
                  out);
  CHECK(out == "[f32.inf]\n");
  std::string times = readFile(dir / "times.txt");
  CHECK(std::count(times.begin(), times.end(), '\n') == 3);
  // Binary input: b, version 2, rank 1, " f32", dim 2, payload; then a text scalar.
  {
    std::ofstream bin(dir / "input.bin", std::ios::binary);
    bin << 'b' << char(2) << char(1) << " f32";
    uint64_t n = 2;
    bin.write(reinterpret_cast<const char*>(&n), 8);
    float xs[2] = {1.5f, 0.1f};
    bin.write(reinterpret_cast<const char*>(xs), 8);
    bin << " 1f32\n";
  }
  REQUIRE_MESSAGE(run(dir, "./scale -e scale < input.bin", out) == 0, out);
  CHECK(out == "[1.5f32, 0.1f32]\n");
  REQUIRE_MESSAGE(run(dir, "echo '[7f32]' | ./scale -e first", out) == 0, out);
  CHECK(out == "7.0f32\n");
  CHECK(run(dir, "echo 'empty([0]f32)' | ./scale -e first", out) == 1);
  CHECK(out.find("out of bounds") != std::string::npos);
  CHECK(run(dir, "echo '[1i32]' | ./scale -e first", out) != 0);
}

TEST_CASE("backend: two OpenCL modules with different prefixes link into one program") {
  fs::path dir = workDir("opencl-two");
  EmitOptions a, b;
  a.prefix = "alpha";
  b.prefix = "beta";
  writeFiles(emitOpenCL(test::scaleProgram("alpha.fut"), a), dir);
  writeFiles(emitOpenCL(test::scaleProgram("beta.fut"), b), dir);
  std::ofstream(dir / "driver.cpp") << driver({{"alpha", "alpha"}, {"beta", "beta"}});
  std::string out;
  REQUIRE_MESSAGE(run(dir, std::string("g++ -std=c++17 ") + kWarnings +
                               " alpha_host.cpp beta_host.cpp driver.cpp -lOpenCL -o driver",
                      out) == 0,
                  out);
  REQUIRE_MESSAGE(run(dir, "./driver", out) == 0, out);
  CHECK(out == "ok\n");
}

TEST_CASE("backend: CUDA output compiles with nvcc") {
  const std::string nvcc = "/usr/local/cuda/bin/nvcc";
  if (!fs::exists(nvcc)) {
    MESSAGE("skipped: nvcc not found at " << nvcc);
    return;
  }
  fs::path dir = workDir("cuda");
  EmitOptions options;
  options.executable = true;
  writeFiles(emitCuda(test::scaleProgram(), options), dir);
  EmitOptions a, b;
  a.prefix = "alpha";
  b.prefix = "beta";
  writeFiles(emitCuda(test::scaleProgram("alpha.fut"), a), dir);
  writeFiles(emitCuda(test::scaleProgram("beta.fut"), b), dir);
  std::ofstream(dir / "driver.cpp") << driver({{"alpha", "alpha"}, {"beta", "beta"}});
  std::string flags = " -arch=sm_90 -std=c++17 -Werror all-warnings -Xcompiler -Wall,-Wextra";
  std::string out;
  REQUIRE_MESSAGE(run(dir, nvcc + flags + " scale.cu scale_main.cpp -o scale", out) == 0, out);
  REQUIRE_MESSAGE(
      run(dir, nvcc + flags + " alpha.cu beta.cu driver.cpp -o driver", out) == 0, out);
}
