// No device allocation in steady state: the runtime's free list (FreeList in
// runtime/fjord_runtime_common.h) on its own, and generated OpenCL code run on PoCL, whose
// second and later calls of an entry point must allocate nothing (counted by the runtime
// and read through <prefix>_context_report). The CUDA build of the same driver is compiled
// with nvcc where it is installed (no GPU to run it on).
#include "../../runtime/fjord_runtime_common.h"
#include "generated_test_util.h"

#include <doctest/doctest.h>

#include <cstdlib>
#include <cstring>

using namespace fjord;
using namespace fjord::testutil;

TEST_CASE("runtime: size classes round up by at most an eighth, never below 256 bytes") {
  using FL = fjord_rt::FreeList<void*>;
  CHECK(FL::sizeClass(0) == 256);
  CHECK(FL::sizeClass(1) == 256);
  CHECK(FL::sizeClass(256) == 256);
  CHECK(FL::sizeClass(257) == 512);
  CHECK(FL::sizeClass(4096) == 4096);
  CHECK(FL::sizeClass(4097) == 4608); // 4096 + 4096/8
  CHECK(FL::sizeClass(int64_t{1} << 30) == int64_t{1} << 30);
  for (int64_t bytes : {300, 1000, 5000, 123456, 99999999}) {
    int64_t size = FL::sizeClass(bytes);
    CHECK(size >= bytes);
    CHECK(size - bytes <= bytes / 8 + 256);
    CHECK(FL::sizeClass(size) == size); // a class is its own class
  }
}

TEST_CASE("runtime: the free list hands back a cached allocation of the same class only") {
  fjord_rt::FreeList<int*> list;
  int a = 0, b = 0;
  CHECK(list.take(512) == nullptr);
  list.give(&a, 512);
  list.give(&b, 1024);
  CHECK(list.cachedBytes() == 1536);
  CHECK(list.take(768) == nullptr);
  CHECK(list.take(512) == &a);
  CHECK(list.take(512) == nullptr);
  std::vector<int*> released;
  list.releaseAll([&](int* p, int64_t size) {
    released.push_back(p);
    CHECK(size == 1024);
  });
  CHECK(released == std::vector<int*>{&b});
  CHECK(list.cachedBytes() == 0);
  CHECK(list.take(1024) == nullptr);
}

namespace {

// A map (a fresh result array) and a reduction (temporary partial sums and a result buffer).
const char* kProgram = R"(
entry main (xs: []f32) : ([]f32, f32) = (map (\x -> 2 * x + 1) xs, f32.sum xs)
)";

// Calls the entry point three times and prints the allocation count after each call, then
// the count after clear_caches and one more call, then the final report.
const char* kDriver = R"(#include "prog.h"
#include <cstdio>
#include <cstdlib>
#include <cstring>

static long allocations(struct prog_context* ctx) {
    char* report = prog_context_report(ctx);
    const char* key = std::strstr(report, "\"device_allocations\": ");
    long n = key ? std::atol(key + std::strlen("\"device_allocations\": ")) : -1;
    std::free(report);
    return n;
}

static int call(struct prog_context* ctx, const struct prog_f32_1d* xs) {
    struct prog_f32_1d* ys = nullptr;
    float sum = 0;
    if (prog_entry_main(ctx, &ys, &sum, xs) || prog_context_sync(ctx))
        return 1;
    std::printf("sum %.1f allocations %ld\n", sum, allocations(ctx));
    return prog_free_f32_1d(ctx, ys);
}

int main() {
    struct prog_context_config* cfg = prog_context_config_new();
    struct prog_context* ctx = prog_context_new(cfg);
    float data[1000];
    for (int i = 0; i < 1000; ++i)
        data[i] = 1.0f;
    struct prog_f32_1d* xs = prog_new_f32_1d(ctx, data, 1000);
    if (!xs || call(ctx, xs) || call(ctx, xs) || call(ctx, xs) || prog_context_clear_caches(ctx) ||
        call(ctx, xs)) {
        char* error = prog_context_get_error(ctx);
        std::printf("error: %s\n", error ? error : "?");
        return 1;
    }
    prog_free_f32_1d(ctx, xs);
    char* report = prog_context_report(ctx);
    std::printf("%s\n", report);
    std::free(report);
    prog_context_free(ctx);
    prog_context_config_free(cfg);
    return 0;
}
)";

/// The allocation count printed on line `n` (0-based) of the driver's output.
long countOnLine(const std::string& out, int n) {
  size_t at = 0;
  for (int i = 0; i < n; ++i)
    at = out.find('\n', at) + 1;
  size_t key = out.find("allocations ", at);
  REQUIRE(key != std::string::npos);
  return std::atol(out.c_str() + key + std::strlen("allocations "));
}

} // namespace

TEST_CASE("runtime: the second call of an entry point allocates no device memory (OpenCL)") {
  std::string errors;
  auto files = generate("prog.fut", kProgram, driver::Backend::OpenCL, errors);
  REQUIRE_MESSAGE(files, errors);
  fs::path dir = workDir("free-list-opencl");
  writeFiles(*files, dir);
  writeFile(dir / "main.cpp", kDriver);
  std::string out;
  REQUIRE_MESSAGE(runIn(dir, "g++ -std=c++17 -Wall -Wextra -Werror prog_host.cpp main.cpp -o "
                             "driver -lOpenCL && ./driver",
                        out) == 0,
                  out);
  INFO(out);
  long first = countOnLine(out, 0);
  CHECK(first >= 3); // the input was allocated before; the result and the temporaries now
  CHECK(countOnLine(out, 1) == first);
  CHECK(countOnLine(out, 2) == first);
  // clear_caches released everything cached: the next call allocates again.
  CHECK(countOnLine(out, 3) > first);
  CHECK(out.find("sum 1000.0") != std::string::npos);
  CHECK(out.find("\"device_cached_bytes\": ") != std::string::npos);
  CHECK(out.find("\"device_cached_bytes\": 0}") == std::string::npos); // results went back
}

TEST_CASE("runtime: the free-list driver builds with nvcc against generated CUDA") {
  const std::string nvcc = "/usr/local/cuda/bin/nvcc";
  if (!fs::exists(nvcc)) {
    MESSAGE("skipped: nvcc not found at " << nvcc);
    return;
  }
  std::string errors;
  auto files = generate("prog.fut", kProgram, driver::Backend::Cuda, errors);
  REQUIRE_MESSAGE(files, errors);
  fs::path dir = workDir("free-list-cuda");
  writeFiles(*files, dir);
  writeFile(dir / "main.cpp", kDriver);
  std::string out;
  CHECK_MESSAGE(runIn(dir, nvcc + " -std=c++17 -arch=sm_90 -Werror all-warnings prog.cu "
                                  "main.cpp -o driver",
                      out) == 0,
                out);
}
