// The examples of docs/api.md, extracted from the page itself so that the documentation
// cannot drift from the generated C API: the OpenCL example and its CMake project are built
// against the generated code of samples/demo.fut and run on PoCL, its output compared with
// the output the page documents; the CUDA example and its CMake project are built with nvcc
// when the CUDA toolkit is installed (there is no GPU to run them on); the CMake project of
// "Building with CMake" (fjord_add_kernels) is configured against this build tree, built,
// run, and rebuilt after its program changes.
#include "generated_test_util.h"

#include <doctest/doctest.h>

#include <map>
#include <string>

using namespace fjord;
using namespace fjord::testutil;

namespace {

/// The fenced code blocks of `markdown` that follow a `<!-- example: TAG -->` line, by TAG.
std::map<std::string, std::string> taggedBlocks(const std::string& markdown) {
  std::map<std::string, std::string> blocks;
  const std::string marker = "<!-- example: ";
  for (size_t at = markdown.find(marker); at != std::string::npos;
       at = markdown.find(marker, at + 1)) {
    size_t tagEnd = markdown.find(" -->", at);
    std::string tag = markdown.substr(at + marker.size(), tagEnd - at - marker.size());
    size_t fence = markdown.find("```", tagEnd);
    size_t bodyStart = markdown.find('\n', fence) + 1;
    size_t bodyEnd = markdown.find("\n```", bodyStart);
    blocks[tag] = markdown.substr(bodyStart, bodyEnd - bodyStart + 1);
  }
  return blocks;
}

/// The untagged block after "It prints" in the OpenCL section: the documented output.
std::string documentedOutput(const std::string& markdown) {
  size_t at = markdown.find("It prints (");
  size_t fence = markdown.find("```\n", at);
  size_t bodyStart = fence + 4;
  return markdown.substr(bodyStart, markdown.find("```", bodyStart) - bodyStart);
}

const std::string kNvcc = "/usr/local/cuda/bin/nvcc";

/// Writes `samples/demo.fut`'s generated code to `dir`/gen/<backend>/ and the example's
/// main file and CMakeLists.txt to `dir`.
void setUpProject(const fs::path& dir, driver::Backend backend, const std::string& name,
                  const std::map<std::string, std::string>& blocks, const std::string& mainFile) {
  std::string errors;
  std::optional<Files> files =
      generate("samples/demo.fut", sourceFile("samples/demo.fut"), backend, errors);
  REQUIRE_MESSAGE(files, errors);
  writeFiles(*files, dir / "gen" / name);
  REQUIRE(blocks.count(name + " " + mainFile));
  REQUIRE(blocks.count(name + " CMakeLists.txt"));
  writeFile(dir / mainFile, blocks.at(name + " " + mainFile));
  writeFile(dir / "CMakeLists.txt", blocks.at(name + " CMakeLists.txt"));
}

} // namespace

TEST_CASE("driver: docs/api.md has both examples, their CMake projects and their output") {
  std::string doc = sourceFile("docs/api.md");
  std::map<std::string, std::string> blocks = taggedBlocks(doc);
  CHECK(blocks.size() == 5);
  CHECK(blocks["opencl main.cpp"].find("demo_context_new_with_queue(cfg, queue)") !=
        std::string::npos);
  CHECK(blocks["cuda main.cu"].find("demo_context_new_with_queue(cfg, stream)") !=
        std::string::npos);
  CHECK(documentedOutput(doc).rfind("dot = 999000.0\n", 0) == 0);
}

TEST_CASE("driver: the OpenCL example of docs/api.md builds with CMake and runs on PoCL") {
  std::string doc = sourceFile("docs/api.md");
  fs::path dir = workDir("api-example-opencl");
  setUpProject(dir, driver::Backend::OpenCL, "opencl", taggedBlocks(doc), "main.cpp");
  std::string out;
  REQUIRE_MESSAGE(runIn(dir, "cmake -S . -B build -G Ninja -DCMAKE_BUILD_TYPE=Debug "
                             "'-DCMAKE_CXX_FLAGS=-Wall -Wextra -Werror'",
                        out) == 0,
                  out);
  REQUIRE_MESSAGE(runIn(dir, "cmake --build build", out) == 0, out);
  REQUIRE_MESSAGE(runIn(dir, "./build/demo_example", out) == 0, out);
  CHECK(out == documentedOutput(doc));
}

TEST_CASE("driver: the CUDA example of docs/api.md builds with nvcc and with CMake") {
  if (!fs::exists(kNvcc)) {
    MESSAGE("skipped: nvcc not found at " << kNvcc);
    return;
  }
  std::string doc = sourceFile("docs/api.md");
  fs::path dir = workDir("api-example-cuda");
  setUpProject(dir, driver::Backend::Cuda, "cuda", taggedBlocks(doc), "main.cu");
  std::string out;
  // The documented hand-written command, with warnings as errors.
  REQUIRE_MESSAGE(runIn(dir, kNvcc + " -std=c++17 -arch=sm_90 -Werror all-warnings "
                                     "-Xcompiler -Wall,-Wextra -Igen/cuda gen/cuda/demo.cu "
                                     "main.cu -o demo_example",
                        out) == 0,
                  out);
  REQUIRE_MESSAGE(runIn(dir, "cmake -S . -B build -G Ninja -DCMAKE_CUDA_COMPILER=" + kNvcc, out) ==
                      0,
                  out);
  REQUIRE_MESSAGE(runIn(dir, "cmake --build build", out) == 0, out);
  CHECK(fs::exists(dir / "build" / "demo_example"));
}

TEST_CASE("driver: the fjord_add_kernels project of docs/api.md builds, runs and regenerates") {
  std::string doc = sourceFile("docs/api.md");
  std::map<std::string, std::string> blocks = taggedBlocks(doc);
  REQUIRE(blocks.count("opencl fjord_add_kernels CMakeLists.txt"));
  fs::path dir = workDir("api-example-fjord-add-kernels");
  writeFile(dir / "CMakeLists.txt", blocks.at("opencl fjord_add_kernels CMakeLists.txt"));
  writeFile(dir / "main.cpp", blocks.at("opencl main.cpp"));
  std::string demo = sourceFile("samples/demo.fut");
  writeFile(dir / "demo.fut", demo);
  std::string out;
  REQUIRE_MESSAGE(runIn(dir, std::string("cmake -S . -B build -G Ninja -DFjord_DIR=") +
                                 FJORD_BINARY_DIR,
                        out) == 0,
                  out);
  REQUIRE_MESSAGE(runIn(dir, "cmake --build build", out) == 0, out);
  REQUIRE_MESSAGE(runIn(dir, "./build/demo_example", out) == 0, out);
  CHECK(out == documentedOutput(doc));

  // The generated files are current; a change to the program makes them stale for
  // --check-up-to-date, and the next build regenerates them.
  std::string fjord = std::string(FJORD_BINARY_DIR) + "/src/driver/fjord";
  std::string check = fjord + " opencl demo.fut --check-up-to-date build/demo_gpu_opencl";
  CHECK(runIn(dir, check, out) == 0);
  writeFile(dir / "demo.fut", demo + "\nentry added_later (x: i32) : i32 = x + 1\n");
  CHECK(runIn(dir, check, out) == 1);
  CHECK(out.find("build/demo_gpu_opencl/demo.h is out of date") != std::string::npos);
  REQUIRE_MESSAGE(runIn(dir, "cmake --build build", out) == 0, out);
  CHECK(readFile(dir / "build" / "demo_gpu_opencl" / "demo.h").find("added_later") !=
        std::string::npos);
  CHECK(runIn(dir, check, out) == 0);
}

TEST_CASE("driver: a context whose initialisation failed makes every later call fail with a "
          "message") {
  fs::path dir = workDir("api-failed-init");
  std::string errors;
  std::optional<Files> files = generate("samples/demo.fut", sourceFile("samples/demo.fut"),
                                        driver::Backend::OpenCL, errors);
  REQUIRE_MESSAGE(files, errors);
  writeFiles(*files, dir / "gen");
  // The first error is taken; the later calls must still say why they fail.
  writeFile(dir / "main.cpp", R"src(#include "demo.h"
#include <cstdio>
#include <cstdlib>
int main() {
    struct demo_context_config* cfg = demo_context_config_new();
    struct demo_context* ctx = demo_context_new(cfg);
    char* first = demo_context_get_error(ctx);
    std::printf("init: %s\n", first ? "error" : "(none)");
    std::free(first);
    float xs[2] = {1, 2};
    struct demo_f32_1d* arr = demo_new_f32_1d(ctx, xs, 2);
    char* second = demo_context_get_error(ctx);
    std::printf("new: %s; %s\n", arr ? "array" : "null", second ? second : "(none)");
    std::free(second);
    float dot = 0;
    int status = demo_entry_dot(ctx, &dot, nullptr, nullptr);
    char* third = demo_context_get_error(ctx);
    std::printf("dot: %d; %s\n", status, third ? third : "(none)");
    std::free(third);
    demo_context_free(ctx);
    demo_context_config_free(cfg);
}
)src");
  std::string out;
  REQUIRE_MESSAGE(runIn(dir, "g++ -std=c++17 -Igen gen/demo_host.cpp main.cpp -lOpenCL -o failed",
                        out) == 0,
                  out);
  // An ICD loader with no vendor files finds no OpenCL platform.
  REQUIRE(runIn(dir, "OCL_ICD_VENDORS=" + (dir / "no-vendors").string() + " ./failed", out) == 0);
  CHECK(out.rfind("init: error\n", 0) == 0);
  CHECK(out.find("new: null; the context could not be initialised: ") != std::string::npos);
  CHECK(out.find("dot: 1; the context could not be initialised: ") != std::string::npos);
}
