// imp/ and backend/: how SegScan (Note [Three-stage scan] in imp/LowerSegScan.cpp) and a
// scattering SegMap (Note [Scattering SegMap] in ir/IR.h) are lowered, checked on the
// generated OpenCL.
#include "CheckOpenCL.h"
#include "generated_test_util.h"

#include <doctest/doctest.h>

#include <string>

using namespace fjord;
using namespace fjord::testutil;

namespace {

const char* kScans =
    "entry affine [n] (as: [n]i32) (bs: [n]i32) : ([]i32, []i32) =\n"
    "  unzip (scan (\\(a, b) (c, d) -> (a * c, b * c + d)) (1, 0) (zip as bs))\n"
    "entry scat [k] (dest: *[]f32) (is: [k]i64) (vs: [k]f32) : []f32 = scatter dest is vs\n";

/// The text of OpenCL kernel `name` in `code` (up to the next kernel), or "".
std::string kernelText(const std::string& code, const std::string& name) {
  size_t start = code.find("__kernel void " + name + "(");
  if (start == std::string::npos)
    return "";
  size_t end = code.find("__kernel void ", start + 1);
  return code.substr(start, end == std::string::npos ? std::string::npos : end - start);
}

bool has(const std::string& text, const std::string& what) {
  return text.find(what) != std::string::npos;
}

} // namespace

TEST_CASE("imp: a scan becomes three kernels: reduce, scan of block sums, scan with carry-in") {
  std::string errors;
  std::optional<Files> files = generate("scans.fut", kScans, driver::Backend::OpenCL, errors);
  REQUIRE_MESSAGE(files, errors);
  const std::string& cl = fileNamed(*files, "scans.cl");
  CHECK(testutil::checkOpenCL(cl, "scans.cl") == "");

  std::string s1 = kernelText(cl, "affine_scan_stage1");
  std::string s2 = kernelText(cl, "affine_scan_stage2");
  std::string s3 = kernelText(cl, "affine_scan_stage3");
  REQUIRE(s1 != "");
  REQUIRE(s2 != "");
  REQUIRE(s3 != "");
  // Stage 1 writes one total per block and operand; stage 2 rewrites them in place.
  CHECK(has(s1, "scanned_partials[block] ="));
  CHECK(has(s2, "scanned_partials[start + chunk_i_1] = scanned_prefix;"));
  // The block-level scan reads the left neighbour at distance `offset` (in order).
  CHECK(has(s2, "scanned_shared[tid - offset]"));
  CHECK(has(s3, "scanned_shared[tid - offset]"));
  // Stage 3 starts from the blocks before it, then the threads before it.
  CHECK(has(s3, "scanned_partials[block];"));
  CHECK(has(s3, "= scanned_carry;"));
  // Neutral elements (1, 0) start every accumulator.
  CHECK(has(s1, "int scanned_acc = 1;"));
  CHECK(has(s1, "int scanned_acc_1 = 0;"));
}

TEST_CASE("imp: scatter writes in place and skips out-of-bounds indices") {
  std::string errors;
  std::optional<Files> files = generate("scans.fut", kScans, driver::Backend::OpenCL, errors);
  REQUIRE_MESSAGE(files, errors);
  const std::string& cl = fileNamed(*files, "scans.cl");
  std::string k = kernelText(cl, "scat_scatter");
  REQUIRE(k != "");
  // The write happens only inside the destination, straight into its memory.
  CHECK(has(k, "if (i >= 0 && i < dest_len) {\n            dest_mem[i] = v;"));
  CHECK(has(cl, "into dest, one thread per point; out-of-bounds indices are skipped"));
}
