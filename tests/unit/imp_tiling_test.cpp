// imp/LowerTiled.cpp and imp/LowerStencil.cpp: the shape of the block- and register-tiled
// matrix-product kernel (two shared stages, one barrier per chunk, vector reads of the
// tiles) and of the two-dimensional stencil kernel (no flat index split, points gathered
// before they are stored), and which SegMaps take the stencil kernel. Values are checked by
// tests/programs/tiling/.
#include "imp_lower_util.h"
#include "imp/Print.h"

#include <doctest/doctest.h>

using namespace fjord;

namespace {

using testutil::countStms;
using testutil::lowerSource;

const imp::Kernel& onlyKernel(const imp::Program& p) {
  REQUIRE(p.kernels.size() == 1);
  return p.kernels[0];
}

const char* kMatmul = "entry mm [n][k][m] (a: [n][k]f32) (b: [k][m]f32) : [n][m]f32 =\n"
                      "  map (\\r -> map (\\c -> f32.sum (map2 (*) r c)) (transpose b)) a\n";

const char* kJacobi = "entry jacobi [n][m] (u: [n][m]f32) : [n][m]f32 =\n"
                      "  tabulate_2d n m (\\i j ->\n"
                      "    let up = i64.max 0 (i - 1)\n"
                      "    let down = i64.min (n - 1) (i + 1)\n"
                      "    let left = i64.max 0 (j - 1)\n"
                      "    let right = i64.min (m - 1) (j + 1)\n"
                      "    in 0.2 * (u[i, j] + u[up, j] + u[down, j] + u[i, left] + u[i, right]))\n";

} // namespace

TEST_CASE("imp: a tiled matrix product stages two chunks and moves its tiles as vectors") {
  imp::Program p = lowerSource(kMatmul);
  const imp::Kernel& k = onlyKernel(p);
  CHECK(k.name == "mm_map_tiled");
  std::string text = imp::printKernel(k);
  // Two shared tiles of 2 stages x 16 k's x (128 + 4 padding) elements.
  int shared = 0;
  for (const imp::Stm& s : k.body)
    if (s.kind == imp::Stm::Kind::DeclareArray && s.space == ir::MemSpace::Shared) {
      ++shared;
      CHECK(s.args.at(0)->value.i == 4224);
    }
  CHECK(shared == 2);
  // One barrier after the first chunk's store, one per chunk.
  CHECK(countStms(k.body, imp::Stm::Kind::Barrier) == 2);
  // Two runs of four per tile and k, in the unrolled full-chunk loop and the partial one;
  // groups of four fetched from each input, for the first chunk and the next ones, each
  // with and without tests; the rows of b (adjacent in its tile) stored as vectors, and
  // the register tile written as vectors where the block allows.
  CHECK(countStms(k.body, imp::Stm::Kind::DeclareVector) == 4 + 2 * 2 * 2);
  CHECK(countStms(k.body, imp::Stm::Kind::StoreVector) == 2 + 1);
  CHECK(text.find("warp") != std::string::npos);
  CHECK(text.find("vector_fetch") != std::string::npos);
  CHECK(text.find("vector_write") != std::string::npos);
  // 128 threads of 8 x 16 outputs each, a bound the target compiler may use for registers.
  CHECK(k.maxBlockSize == 128);
  // The fetch without tests computes its indices in 32 bits.
  CHECK(text.find("row_step32") != std::string::npos);
  CHECK(text.find("k_step32") != std::string::npos);
}

TEST_CASE("imp: a tiled product of 8-byte elements reads its tiles element by element") {
  imp::Program p = lowerSource(
      "entry mm [n][k][m] (a: [n][k]f64) (b: [k][m]f64) : [n][m]f64 =\n"
      "  map (\\r -> map (\\c -> f64.sum (map2 (*) r c)) (transpose b)) a\n");
  const imp::Kernel& k = onlyKernel(p);
  CHECK(k.name == "mm_map_tiled");
  CHECK(countStms(k.body, imp::Stm::Kind::DeclareVector) == 0);
  CHECK(countStms(k.body, imp::Stm::Kind::StoreVector) == 0);
  // 2 stages x 8 k's x (128 + 4) elements a tile: 33 KB of shared memory in all, under the
  // 48 KB a CUDA kernel may declare; 8 x 8 outputs per thread, so 256 threads.
  for (const imp::Stm& s : k.body)
    if (s.kind == imp::Stm::Kind::DeclareArray && s.space == ir::MemSpace::Shared)
      CHECK(s.args.at(0)->value.i == 2112);
  CHECK(k.maxBlockSize == 256);
}

TEST_CASE("imp: a clamped 5-point stencil is one 2-D-blocked kernel without checks") {
  imp::Program p = lowerSource(kJacobi);
  const imp::Kernel& k = onlyKernel(p);
  CHECK(k.name == "jacobi_map_stencil");
  std::string text = imp::printKernel(k);
  // The clamped neighbours are proven in bounds: no error flag, no failing branch.
  for (const imp::Param& param : k.params)
    CHECK(param.name.find("error") == std::string::npos);
  // Columns from the block's tile and the lane, rows a block height apart: m divides
  // nothing (the flat lowering splits its index by m).
  CHECK(text.find("/ m") == std::string::npos);
  CHECK(text.find("% m") == std::string::npos);
  // The points are computed into a private array of 4 and stored after all are computed.
  int points = 0;
  for (const imp::Stm& s : k.body)
    if (s.kind == imp::Stm::Kind::DeclareArray && s.space == ir::MemSpace::Device &&
        s.args.at(0)->value.i == 4)
      ++points;
  CHECK(points == 1);
  CHECK(countStms(k.body, imp::Stm::Kind::For) == 2);
  // Threads per block are a tuning parameter with the H100's default.
  bool found = false;
  for (const imp::TuningParam& t : p.tuning)
    if (t.name == "jacobi_map_stencil.block_size") {
      found = true;
      CHECK(t.defaultValue == 64);
    }
  CHECK(found);
}

TEST_CASE("imp: 2-D maps that read no neighbourhood keep the flat kernel") {
  // One read at the point itself; a read of a row (j only); a checked (unclamped) stencil.
  for (const char* src :
       {"entry f [n][m] (u: [n][m]f32) : [n][m]f32 = map (map (+ 1)) u\n",
        "entry g [n][m] (u: [n][m]f32) (v: [m]f32) : [n][m]f32 =\n"
        "  tabulate_2d n m (\\i j -> u[i, j] + v[j] + v[m - 1 - j])\n",
        "entry h [n][m] (u: [n][m]f32) : [n][m]f32 =\n"
        "  tabulate_2d n m (\\i j -> u[i, j] + u[i + 1, j])\n"}) {
    CAPTURE(src);
    imp::Program p = lowerSource(src);
    for (const imp::Kernel& k : p.kernels)
      CHECK(k.name.find("stencil") == std::string::npos);
  }
}
