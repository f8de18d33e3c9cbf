// imp/LowerTranspose.cpp and mem/Coalesce.cpp: copies that swap the two innermost
// dimensions become one tiled transpose kernel; dense copies stay one CopyMem; rows walked
// sequentially by threads are read from a transposed copy. Values are checked by
// tests/programs/coalesce/.
#include "imp_lower_util.h"
#include "imp/Print.h"

#include <doctest/doctest.h>

#include <algorithm>
#include <functional>

using namespace fjord;

namespace {

using testutil::countStms;
using testutil::lowerSource;

const imp::Kernel* kernelNamed(const imp::Program& p, const std::string& name) {
  for (const imp::Kernel& k : p.kernels)
    if (k.name == name)
      return &k;
  return nullptr;
}

} // namespace

TEST_CASE("imp: a returned transpose is copied by one tiled transpose kernel") {
  imp::Program p = lowerSource("entry tr (m: [][]f32) : [][]f32 = transpose m\n");
  REQUIRE(p.kernels.size() == 1);
  const imp::Kernel* k = kernelNamed(p, "tr_transposed_transpose");
  REQUIRE(k);
  std::string text = imp::printKernel(*k);
  // A 32x33 shared tile (one padding column), a barrier between the two phases.
  CHECK(countStms(k->body, imp::Stm::Kind::DeclareArray) == 1);
  CHECK(k->body.front().kind == imp::Stm::Kind::DeclareArray);
  CHECK(k->body.front().space == ir::MemSpace::Shared);
  CHECK(text.find("1056") != std::string::npos);
  CHECK(countStms(k->body, imp::Stm::Kind::Barrier) == 1);
  CHECK(countStms(k->body, imp::Stm::Kind::For) == 2);
  REQUIRE(p.functions.size() == 1);
  const imp::Function& f = p.functions[0];
  CHECK(countStms(f.body, imp::Stm::Kind::Launch) == 1);
  CHECK(countStms(f.body, imp::Stm::Kind::CopyMem) == 0);
  // Launched with 32x8 threads per block.
  std::string host = imp::printFunction(f);
  CHECK(host.find("256") != std::string::npos);
}

TEST_CASE("imp: a dense copy is still one CopyMem and no kernel") {
  imp::Program p = lowerSource("entry cp (m: [][]f32) : [][]f32 = copy m\n"
                               "entry rows (m: [][]i32) : [][]i32 = m[1:3]\n");
  CHECK(p.kernels.empty());
  REQUIRE(p.functions.size() == 2);
  for (const imp::Function& f : p.functions) {
    CHECK(countStms(f.body, imp::Stm::Kind::CopyMem) == 1);
    CHECK(countStms(f.body, imp::Stm::Kind::Launch) == 0);
  }
}

TEST_CASE("mem: rows walked by each thread are read from a transposed copy") {
  imp::Program p = lowerSource(
      // (a fold that is no reduction: `foldl (+)` would become a segmented one, Note
      // [Loops as reductions] in gpu/ReducibleLoops.cpp)
      "entry rowsum (xss: [][]i32) : []i32 = map (\\row -> foldl (\\a x -> a * 3 + x) 0 row) xss\n"
      "entry firsts (xss: [][]i32) : []i32 = map (\\row -> row[0]) xss\n");
  // rowsum: the transpose kernel, then the map reading the column-major copy.
  const imp::Kernel* t = kernelNamed(p, "rowsum_xss_transpose");
  REQUIRE(t);
  std::string tText = imp::printKernel(*t);
  CHECK(tText.find("xss_coalesced_mem") != std::string::npos);
  const imp::Kernel* m = nullptr;
  for (const imp::Kernel& k : p.kernels)
    if (k.name.rfind("rowsum_", 0) == 0 && &k != t)
      m = &k;
  REQUIRE(m);
  std::string mText = imp::printKernel(*m);
  CHECK(mText.find("xss_coalesced_mem") != std::string::npos);
  // firsts reads one element per row outside any loop: no copy, no transpose kernel.
  for (const imp::Kernel& k : p.kernels)
    if (k.name.rfind("firsts_", 0) == 0)
      CHECK(k.name.find("transpose") == std::string::npos);
}
