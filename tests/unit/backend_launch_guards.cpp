// Launch guards in generated CUDA host code (backend/LaunchGuards.h): a launch already
// guarded by its size, or with a block count that is positive by construction, is not
// guarded a second time; an empty input still launches nothing.
#include "generated_test_util.h"

#include <doctest/doctest.h>

using namespace fjord;

TEST_CASE("backend: a launch implied non-empty by its enclosing guard is not guarded again") {
  std::string errors;
  auto files = testutil::generate("guards.fut",
                                  "entry scale (xs: []f32) : []f32 = map (*2) xs\n"
                                  "entry sum (xs: []f32) : f32 = reduce (+) 0 xs\n",
                                  driver::Backend::Cuda, errors);
  REQUIRE_MESSAGE(files, errors);
  const std::string& cu = testutil::fileNamed(*files, "guards.cu");
  // The map: `if (xs_len > 0)` guards the launch, whose block count rounds xs_len up.
  size_t guard = cu.find("if (xs_len > 0) {\n        scale_map<<<");
  CHECK(guard != std::string::npos);
  CHECK(cu.find("blocks > 0") == std::string::npos);
  // The reduction's stage 1 runs over max(..., 1) blocks in the branch for xs_len != 0.
  CHECK(cu.find("if (num_blocks > 0)") == std::string::npos);
  CHECK(cu.find("if (xs_len == 0) {") != std::string::npos);
}
