// Checks over the generated code of real programs (every samples/*.fut and the program tests
// of tests/programs/first/): the OpenCL kernels pass Clang's OpenCL C 1.2 front end with no
// warning, and formatting any generated file again changes nothing (so the checked-in style
// is a fixed point and reviewers never see formatter noise).
#include "CheckOpenCL.h"
#include "backend/Format.h"
#include "generated_test_util.h"

#include <doctest/doctest.h>

#include <algorithm>
#include <string>
#include <vector>

using namespace fjord;
using namespace fjord::testutil;

namespace {

/// The .fut files of `dir` (relative to the source root), sorted, as relative paths.
std::vector<std::string> programsIn(const std::string& dir) {
  std::vector<std::string> paths;
  for (const auto& entry : fs::directory_iterator(fs::path(FJORD_SOURCE_DIR) / dir))
    if (entry.path().extension() == ".fut")
      paths.push_back(dir + "/" + entry.path().filename().string());
  std::sort(paths.begin(), paths.end());
  return paths;
}

std::vector<std::string> checkedPrograms() {
  std::vector<std::string> all = programsIn("samples");
  for (const std::string& p : programsIn("tests/programs/first"))
    all.push_back(p);
  return all;
}

bool isRuntime(const std::string& name) { return name.rfind("fjord_runtime_", 0) == 0; }

} // namespace

TEST_CASE("driver: generated OpenCL of the samples and first programs is warning-free C 1.2") {
  std::vector<std::string> programs = checkedPrograms();
  REQUIRE(programs.size() >= 6); // samples/demo.fut and the five first programs
  for (const std::string& path : programs) {
    CAPTURE(path);
    std::string errors;
    std::optional<Files> files = generate(path, sourceFile(path), driver::Backend::OpenCL, errors);
    REQUIRE_MESSAGE(files, errors);
    std::string stem = fs::path(path).stem().string();
    const std::string& cl = fileNamed(*files, stem + ".cl");
    CHECK(cl.find("__kernel void ") != std::string::npos);
    CHECK(testutil::checkOpenCL(cl, stem + ".cl") == "");
  }
}

TEST_CASE("driver: formatting generated files again changes nothing") {
  for (const std::string& path : checkedPrograms()) {
    for (driver::Backend backend : {driver::Backend::Cuda, driver::Backend::OpenCL}) {
      CAPTURE(path);
      std::string errors;
      std::optional<Files> files =
          generate(path, sourceFile(path), backend, errors, /*executable=*/true);
      REQUIRE_MESSAGE(files, errors);
      for (const auto& [name, text] : *files) {
        if (isRuntime(name) || name == ".gitattributes")
          continue;
        CAPTURE(name);
        CHECK(backend::formatCode(text, name) == text);
      }
    }
  }
}

TEST_CASE("driver: generated code has no copied temporaries and no constant launch guards") {
  std::string errors;
  std::optional<Files> files = generate("samples/demo.fut", sourceFile("samples/demo.fut"),
                                        driver::Backend::Cuda, errors);
  REQUIRE_MESSAGE(files, errors);
  const std::string& cu = fileNamed(*files, "demo.cu");
  // `reduce (+) 0 xs`: each thread's fold step adds the element to its accumulator directly
  // (lowering binds the operator's parameters to copies `x_1 = reduced_acc; y = x;`).
  // (The fold sits in the vectorised loop's whole steps, unguarded, hence the indentation;
  // the rest checks each element.) The sum's temporary folds into the accumulator's update
  // (Cleanup.cpp, foldTemporaries).
  CHECK(cu.find("\n            reduced_acc = reduced_acc + x;\n") != std::string::npos);
  CHECK(cu.find("\n                reduced_acc = reduced_acc + x_2;\n") != std::string::npos);
  CHECK(cu.find("float t = reduced_acc + x;") == std::string::npos);
  CHECK(cu.find("float y = x;") == std::string::npos);
  CHECK(cu.find("float x_1 = reduced_acc;") == std::string::npos);
  // `iota n` counts from 0 in steps of 1: fused into argmax's reduction, the element is the
  // index itself, passed to the operator's device function.
  CHECK(cu.find("op_reduced(reduced_acc, reduced_acc_1, x, gtid, ") != std::string::npos);
  CHECK(cu.find("iota_mem") == std::string::npos);
  // argmax's operator: the internaliser's single-use booleans fold into one condition and
  // the if that only picks values becomes selects; calls write the accumulators directly;
  // the pair's group reduction is one macro; entry results are computed in place.
  CHECK(cu.find("    bool cond_1 = x > y || (x == y && x_1 < y_1);\n"
                "    *reduced_0_out = cond_1 ? x : y;\n"
                "    *reduced_1_out = cond_1 ? x_1 : y_1;\n}") != std::string::npos);
  CHECK(cu.find("&reduced_acc, &reduced_acc_1);") != std::string::npos);
  CHECK(cu.find("reduced_op") == std::string::npos);
  CHECK(cu.find("FJORD_GROUP_REDUCE2(tid, (int64_t)blockDim.x, int32_t, reduced_acc,") !=
        std::string::npos);
  CHECK(cu.find("__shfl_down_sync") == std::string::npos);
  CHECK(cu.find("readScalar(result_1, reduced_partials_1, 0)") != std::string::npos);
  CHECK(cu.find("mapped_bytes") == std::string::npos);
  // The whole steps' vector loads, and the block size's clamp.
  CHECK(cu.find("FJORD_LOAD_VECTOR(x_lanes_1, u * 4, ys_mem, g + u * stride);") !=
        std::string::npos);
  CHECK(cu.find("std::clamp<int64_t>(ctx->tuning.sum_reduce_block_size, 1, 1024)") !=
        std::string::npos);
  // Stage 2 of a reduction runs one block: nothing to guard.
  CHECK(cu.find("if (1 > 0)") == std::string::npos);
  CHECK(cu.find("ctx->device.launch(sum_reduce_stage2, \"sum_reduce_stage2\", 1, ") !=
        std::string::npos);
}
