// The per-program host code holds only what is specific to the program (issue #17): the
// C API of contexts, arrays and entry points is instantiated from the runtime's macros,
// and kernels are launched through the runtime's Device::launch, which skips empty grids,
// so the host code prints no launch guard, no `<<<...>>>` and no OpenCL kernel handles. (The C API's
// behaviour is tested by building and running it: driver_generated_api.cpp,
// runtime_safe_input.cpp, driver_free_list.cpp.)
#include "generated_test_util.h"

#include <doctest/doctest.h>

using namespace fjord;

namespace {

const char* const kProgram = "entry scale (xs: []f32) : []f32 = map (*2) xs\n"
                             "entry sum (xs: []f32) : f32 = reduce (+) 0 xs\n"
                             "entry rows (a: [][]i64) : [][]i64 = map (map (+1)) a\n";

size_t count(const std::string& text, const std::string& what) {
  size_t n = 0;
  for (size_t at = text.find(what); at != std::string::npos; at = text.find(what, at + 1))
    ++n;
  return n;
}

} // namespace

TEST_CASE("backend: the C API of contexts and arrays is one line each in the host code") {
  for (driver::Backend backend : {driver::Backend::Cuda, driver::Backend::OpenCL}) {
    bool cuda = backend == driver::Backend::Cuda;
    CAPTURE(cuda);
    std::string errors;
    auto files = testutil::generate("host.fut", kProgram, backend, errors);
    REQUIRE_MESSAGE(files, errors);
    const std::string& host = testutil::fileNamed(*files, cuda ? "host.cu" : "host_host.cpp");
    CHECK(count(host, "FJORD_CONTEXT_API(host);\n") == 1);
    CHECK(count(host, "FJORD_ARRAY_API(host, f32_1d, float, 1, (int64_t dim0), (dim0));\n") == 1);
    CHECK(count(host, "FJORD_ARRAY_API(host, i64_2d, int64_t, 2, (int64_t dim0, int64_t dim1), "
                      "(dim0, dim1));\n") == 1);
    CHECK(count(host, "FJORD_ARRAY_API(") == 2);
    // What the macros define is not spelt out again.
    CHECK(host.find("host_context_config_new") == std::string::npos);
    CHECK(host.find("host_new_f32_1d") == std::string::npos);
    CHECK(host.find("usable() {") == std::string::npos);
    // The entry points' C API: one FJORD_ENTRY_API line each, laid out by the printer (the
    // formatter would print `float * out0`), calling the entry function.
    CHECK(count(host, "FJORD_ENTRY_API(") == 3);
    CHECK(count(host, "FJORD_ENTRY_API(host, sum, (float *out0, const struct host_f32_1d *in0), "
                      "(out0, in0));\n") == 1);
    CHECK(count(host, "FJORD_ENTRY_API(host, rows, (struct host_i64_2d **out0, "
                      "const struct host_i64_2d *in0),\n                (out0, in0));\n") == 1);
    CHECK(host.find("int host_entry_") == std::string::npos);
    CHECK(host.find("static int entry_sum(") != std::string::npos);
    // Launches: the runtime's (CUDA's takes the kernel, OpenCL's the name of a kernel the
    // context created), and no guard or chevrons here.
    CHECK(host.find(cuda ? "FJORD_TRY(ctx->device.launch(sum_reduce_stage2, \"sum_reduce_stage2\", 1,"
                         : "ctx->device.launch(\"sum_reduce_stage2\", 1, warp_block_size,") !=
          std::string::npos);
    CHECK(host.find("cl_kernel") == std::string::npos);
    CHECK(host.find("<<<") == std::string::npos);
    CHECK(host.find("blocks > 0") == std::string::npos);
    // The C API header keeps every function the macros define.
    const std::string& api = testutil::fileNamed(*files, "host.h");
    for (const char* fn : {"host_context_config_new(", "host_context_new_with_queue(",
                           "host_new_raw_i64_2d(", "host_values_raw_f32_1d(", "host_shape_i64_2d("})
      CHECK(api.find(fn) != std::string::npos);
  }
}

TEST_CASE("backend: the server's call function of an entry point without parameters names "
          "no unused `in`") {
  std::string errors;
  auto files = testutil::generate("none.fut", "entry none : i32 = 7\nentry one (x: i32) : i32 = x\n",
                                  driver::Backend::OpenCL, errors, /*executable=*/true);
  REQUIRE_MESSAGE(files, errors);
  const std::string& main = testutil::fileNamed(*files, "none_main.cpp");
  // -Wextra's unused-parameter warning would fail `g++ -Wall -Wextra -Werror`.
  CHECK(main.find("call_none(struct none_context *ctx, const fjord_rt::server::Var *const * /*in*/,") !=
        std::string::npos);
  CHECK(main.find("call_one(struct none_context *ctx, const fjord_rt::server::Var *const *in,") !=
        std::string::npos);
  // Both entry points' C API functions are FJORD_ENTRY_API lines.
  const std::string& host = testutil::fileNamed(*files, "none_host.cpp");
  CHECK(host.find("FJORD_ENTRY_API(none, none, (int32_t *out0), (out0));\n") != std::string::npos);
}
