// imp/ and backend/: how SegHist is lowered (Note [Histograms] in imp/LowerSegHist.cpp),
// checked on the generated code of small programs: which kernels exist and which atomics
// they use. Values are checked end to end by tests/programs/hist/.
#include "CheckOpenCL.h"
#include "generated_test_util.h"

#include <doctest/doctest.h>

#include <string>

using namespace fjord;
using namespace fjord::testutil;

namespace {

const char* kHistograms =
    "entry add [n] (is: [n]i64) (vs: [n]i32) : []i32 = reduce_by_index (replicate 4 0) (+) 0 is vs\n"
    "entry fmax [n] (is: [n]i64) (vs: [n]f32) : []f32 =\n"
    "  reduce_by_index (replicate 4 f32.lowest) f32.max f32.lowest is vs\n"
    "entry mul [n] (is: [n]i64) (vs: [n]i64) : []i64 = reduce_by_index (replicate 4 1) (*) 1 is vs\n"
    "entry pairs [n] (is: [n]i64) (as: [n]i32) (bs: [n]i32) : ([]i32, []i32) =\n"
    "  unzip (reduce_by_index (replicate 4 (0, 0)) (\\(a, b) (c, d) -> (a + c, b + d)) (0, 0)\n"
    "                         is (zip as bs))\n"
    "entry argmax [n] (is: [n]i64) (as: [n]i32) (js: [n]i64) : ([]i32, []i64) =\n"
    "  unzip (reduce_by_index (replicate 4 (0, 0i64))\n"
    "    (\\(a, i) (b, j) -> if a > b || (a == b && i < j) then (a, i) else (b, j))\n"
    "    (0, 0i64) is (zip as js))\n";

/// The text of kernel `name` in `code` (from its signature to the next kernel), or "".
std::string kernel(const std::string& code, const std::string& qualifier,
                   const std::string& name) {
  size_t start = code.find(qualifier + " " + name + "(");
  if (start == std::string::npos)
    return "";
  size_t end = code.find(qualifier + " ", start + 1);
  return code.substr(start, end == std::string::npos ? std::string::npos : end - start);
}

bool has(const std::string& text, const std::string& what) {
  return text.find(what) != std::string::npos;
}

} // namespace

TEST_CASE("imp: histograms use atomics, compare-and-swap loops or one thread per bucket") {
  std::string errors;
  std::optional<Files> files =
      generate("hists.fut", kHistograms, driver::Backend::OpenCL, errors);
  REQUIRE_MESSAGE(files, errors);
  const std::string& cl = fileNamed(*files, "hists.cl");
  CHECK(testutil::checkOpenCL(cl, "hists.cl") == "");

  std::string add = kernel(cl, "__kernel void", "add_hist");
  CHECK(has(add, "atomic_add(&"));
  CHECK(has(add, "0 <= i && i < 4"));
  CHECK_FALSE(has(add, "cmpxchg"));

  // No float max atomic in OpenCL 1.2: the backend's compare-and-swap helper.
  std::string fmax = kernel(cl, "__kernel void", "fmax_hist");
  CHECK(has(fmax, "fjord_atomic_max_f32_global("));

  // (*) has no atomic: a compare-and-swap loop on the 64-bit word, in the kernel itself.
  std::string mul = kernel(cl, "__kernel void", "mul_hist");
  CHECK(has(mul, "atom_cmpxchg((volatile __global ulong *)&"));
  CHECK(has(mul, "while (!swapped)"));
  CHECK(has(cl, "cl_khr_int64_base_atomics"));

  // A tuple operator working componentwise: one atomic per component.
  CHECK(kernel(cl, "__kernel void", "pairs_hist_by_bucket") == "");
  std::string pairs = kernel(cl, "__kernel void", "pairs_hist");
  CHECK(has(pairs, "atomic_add(&result_0_mem["));
  CHECK(has(pairs, "atomic_add(&result_1_mem["));

  // Other tuple operators: one thread per bucket, no atomics and no per-input kernel.
  std::string argmax = kernel(cl, "__kernel void", "argmax_hist_by_bucket");
  REQUIRE(argmax != "");
  CHECK(has(argmax, "if (bucket < 4)"));
  CHECK_FALSE(has(argmax, "atomic"));
  CHECK(kernel(cl, "__kernel void", "argmax_hist") == "");
}

TEST_CASE("imp: histograms keep sub-histograms in shared memory when the bins fit") {
  std::string errors;
  std::optional<Files> files =
      generate("hists.fut", kHistograms, driver::Backend::OpenCL, errors);
  REQUIRE_MESSAGE(files, errors);
  const std::string& cl = fileNamed(*files, "hists.cl");

  // 4 constant bins: the shared array holds kMaxSubHistograms (16) copies of them; thread
  // tid updates copy tid % sub_histograms, and the block adds its copies to the histogram.
  std::string add = kernel(cl, "__kernel void", "add_hist_shared");
  REQUIRE(add != "");
  CHECK(has(add, "__local int hist_sub[64];"));
  CHECK(has(add, "long copy = tid % sub_histograms;"));
  CHECK(has(add, "atomic_add(&hist_sub[slot_1], v);"));
  CHECK(has(add, "barrier(CLK_LOCAL_MEM_FENCE);"));
  CHECK(has(add, "atomic_add(&result_0_mem[slot_2], hist_acc);"));
  // Floats and operators without an atomic use the local-memory forms.
  CHECK(has(kernel(cl, "__kernel void", "fmax_hist_shared"), "fjord_atomic_max_f32_local(&hist_sub["));
  CHECK(has(kernel(cl, "__kernel void", "mul_hist_shared"),
            "atom_cmpxchg((volatile __local ulong *)&hist_sub["));
  // Tuple operands the operator does not treat componentwise have no per-input kernel.
  CHECK(kernel(cl, "__kernel void", "argmax_hist_shared") == "");

  // The host picks the kernel from the bins and the tuning parameters.
  const std::string& host = fileNamed(*files, "hists_host.cpp");
  CHECK(has(host, "if (pass_bins >= 1 && passes <= ctx->tuning.add_hist_max_passes) {"));
  const std::string& tuning = fileNamed(*files, "hists_tuning.h");
  CHECK(has(tuning, "add_hist.sub_histograms"));
  CHECK(has(tuning, "add_hist.shared_memory"));
  CHECK(has(tuning, "add_hist.num_blocks"));
}

TEST_CASE("imp: CUDA histograms use atomicAdd and atomicCAS") {
  std::string errors;
  std::optional<Files> files = generate("hists.fut", kHistograms, driver::Backend::Cuda, errors);
  REQUIRE_MESSAGE(files, errors);
  const std::string& cu = fileNamed(*files, "hists.cu");
  CHECK(has(kernel(cu, "static __global__ void", "add_hist"), "atomicAdd(&"));
  CHECK(has(kernel(cu, "static __global__ void", "mul_hist"),
            "atomicCAS((unsigned long long *)&"));
  std::string shared = kernel(cu, "static __global__ void", "add_hist_shared");
  CHECK(has(shared, "__shared__ int32_t hist_sub[64];"));
  CHECK(has(shared, "atomicAdd(&hist_sub[slot_1], v);"));
  CHECK(has(shared, "__syncthreads();"));
}

TEST_CASE("imp: a histogram over arrays with a non-elementwise operator is not supported yet") {
  // Elementwise operators on array buckets (`map2 (+)`) are flattened (tests/programs/hist/
  // rows.fut); an operator choosing a whole row is not.
  std::string errors;
  std::optional<Files> files = generate(
      "vec.fut",
      "entry vec [n] (is: [n]i64) (vs: [n][3]i32) : [4][3]i32 =\n"
      "  reduce_by_index (replicate 4 (replicate 3 0))\n"
      "                  (\\a b -> if a[0] > b[0] then a else b) (replicate 3 0) is vs\n",
      driver::Backend::OpenCL, errors);
  CHECK_FALSE(files);
  CHECK(has(errors, "vec.fut:2:3: error: "));
  CHECK(has(errors, "a histogram whose buckets are arrays, with an operator that is not "
                    "elementwise on them"));
  CHECK(has(errors, "is not supported yet"));
}

TEST_CASE("imp: 1- and 2-byte histograms swap the 32-bit words holding their buckets, also in shared memory") {
  const char* program =
      "entry sat [n] (is: [n]i64) : []u8 =\n"
      "  reduce_by_index (replicate 10 0u8) (\\a b -> if a > 255 - b then 255 else a + b) 0\n"
      "                  is (replicate n 1u8)\n"
      "entry shorts [n] (is: [n]i64) (vs: [n]i16) : []i16 =\n"
      "  reduce_by_index (replicate 10 0i16) (+) 0 is vs\n";
  std::string errors;
  std::optional<Files> files = generate("small.fut", program, driver::Backend::OpenCL, errors);
  REQUIRE_MESSAGE(files, errors);
  const std::string& cl = fileNamed(*files, "small.cl");
  CHECK(testutil::checkOpenCL(cl, "small.cl") == "");
  for (const char* name : {"sat_hist", "shorts_hist"}) {
    CAPTURE(name);
    std::string k = kernel(cl, "__kernel void", name);
    REQUIRE(k != "");
    CHECK(has(k, "__global uint *result_0_mem"));
    CHECK(has(k, "atomic_cmpxchg("));
    CHECK(has(k, "/ 4"));
    CHECK(kernel(cl, "__kernel void", std::string(name) + "_by_bucket") == "");
    // In shared memory the sub-histograms are 32-bit words, and each block's buckets go to
    // a row of partial results that the merge kernel folds (no global compare-and-swap).
    std::string shared = kernel(cl, "__kernel void", std::string(name) + "_shared");
    REQUIRE(shared != "");
    CHECK(has(shared, "__local uint hist_sub["));
    CHECK(has(shared, "atomic_cmpxchg("));
    CHECK(has(shared, "hist_partial[(long)get_group_id(0) * pass_bins + bucket] = hist_acc;"));
    std::string merge = kernel(cl, "__kernel void", std::string(name) + "_merge");
    REQUIRE(merge != "");
    CHECK(has(merge, "for (long block = 0; block < num_blocks; ++block)"));
    CHECK_FALSE(has(merge, "atomic_cmpxchg("));
  }
}
