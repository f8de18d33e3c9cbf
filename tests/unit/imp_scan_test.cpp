// imp/ and backend/: how SegScan (Note [Single-pass scan] in imp/LowerSegScan.cpp), a
// filter (Note [One-pass filter] in imp/LowerFilter.cpp) and a scattering SegMap (Note
// [Scattering SegMap] in ir/IR.h) are lowered, checked on the generated OpenCL and CUDA.
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

TEST_CASE("imp: without forward progress (OpenCL) a scan is reduce-then-scan over tiles") {
  std::string errors;
  std::optional<Files> files = generate("scans.fut", kScans, driver::Backend::OpenCL, errors);
  REQUIRE_MESSAGE(files, errors);
  const std::string& cl = fileNamed(*files, "scans.cl");
  CHECK(testutil::checkOpenCL(cl, "scans.cl") == "");

  std::string reduce = kernelText(cl, "affine_scan_reduce");
  std::string aggregates = kernelText(cl, "affine_scan_aggregates");
  std::string rescan = kernelText(cl, "affine_scan_rescan");
  REQUIRE(reduce != "");
  REQUIRE(aggregates != "");
  REQUIRE(rescan != "");
  // No look-back kernel, ticket or status flags on OpenCL.
  CHECK(kernelText(cl, "affine_scan") == "");
  CHECK(!has(cl, "tile_status"));
  CHECK(!has(cl, "volatile"));
  // Tiles are loaded four elements at a time, the warp's vectors side by side (Note [Vector
  // tiles]), into padded shared memory; past n they hold the neutral element.
  // A whole tile loads its vectors unchecked (several in flight), the last one checked.
  CHECK(has(reduce, "if (tile_start + items * (long)get_local_size(0) <= n) {"));
  CHECK(has(reduce, "long g = tile_vector + (vector * (long)get_local_size(0) + tid);"));
  CHECK(has(reduce, "long j = (vector * (long)get_local_size(0) + tid) * 4 + q;"));
  CHECK(has(reduce, "scanned_tile[j + (j >> 5)] = x;"));
  CHECK(has(reduce, "FJORD_LOAD_LANES(x_lanes, 0, as_mem, g_1, n);"));
  CHECK(has(reduce, "FJORD_LOAD_LANES(x_lanes_1, 0, bs_mem, g_1, n);"));
  CHECK(has(reduce, "scanned_tile[j_1 + (j_1 >> 5)] = 1;"));
  // The tile's aggregate goes out per tile; the rescan starts from its scanned prefix.
  CHECK(has(reduce, "scanned_aggregates[tile] ="));
  CHECK(has(rescan, "scanned_tile_prefixes[tile]"));
  // The block-level scan reads the left neighbour at distance `offset` (in order).
  CHECK(has(aggregates, "scanned_scan[tid - offset"));
  CHECK(!has(cl, "shfl"));
  // ... which needs a value per thread of the largest block.
  CHECK(has(reduce, "__local int scanned_scan[1024];"));
  // Neutral elements (1, 0) start every accumulator.
  CHECK(has(reduce, "int scanned_acc = 1;"));
  CHECK(has(reduce, "int scanned_acc_1 = 0;"));
}

TEST_CASE("imp: with forward progress (CUDA) a scan is one pass with decoupled look-back") {
  std::string errors;
  std::optional<Files> files = generate("scans.fut", kScans, driver::Backend::Cuda, errors);
  REQUIRE_MESSAGE(files, errors);
  const std::string& cu = fileNamed(*files, "scans.cu");
  CHECK(!has(cu, "affine_scan_reduce"));
  CHECK(!has(cu, "affine_scan_rescan"));
  CHECK(has(cu, "static __global__ void affine_scan_reset("));
  size_t at = cu.find("static __global__ void affine_scan(");
  REQUIRE(at != std::string::npos);
  std::string k = cu.substr(at, cu.find("\n}\n", at) - at);
  // Block b scans tile b (Note [Tiles in block order]): no ticket; status and values are
  // published with a fence between.
  CHECK(has(k, "int64_t tile = (int64_t)blockIdx.x;"));
  CHECK(!has(cu, "ticket"));
  CHECK(!has(cu, "atomicAdd"));
  CHECK(has(k, "((volatile int32_t *)scanned_aggregates)[tile] ="));
  CHECK(has(k, "__threadfence();\n            ((volatile int32_t *)tile_status)[tile] = 1;"));
  CHECK(has(k, "((volatile int32_t *)tile_status)[tile] = 2;"));
  // The look-back reads the predecessors' status before their values.
  CHECK(has(k, "seen = ((volatile int32_t *)tile_status)[predecessor];"));
  CHECK(has(k, "#pragma unroll 8"));
  // The block scan: shuffles within warps, then over the warps' totals (Note [Block scan]).
  CHECK(has(k, "__shfl_up_sync(0xffffffffu, scanned_in_warp, (int)offset)"));
  CHECK(has(k, "scanned_scan[warp] = scanned_in_warp;"));
  // Its shared arrays hold a total per warp, not a value per thread.
  CHECK(has(k, "__shared__ int32_t scanned_scan[32];"));
  CHECK(has(k, "__shared__ int32_t scanned_scan_1[32];"));
  CHECK(!has(k, "[1024]"));
  // The tuning header has the new parameter.
  CHECK(has(fileNamed(*files, "scans_tuning.h"), "affine_scan.items_per_thread"));
}

TEST_CASE("imp: a filter is one kernel that scans its flags and scatters the kept elements") {
  std::string errors;
  std::optional<Files> files =
      generate("filter.fut", "entry main (xs: []i32) : []i32 = filter (\\x -> x > 3) xs\n",
               driver::Backend::Cuda, errors);
  REQUIRE_MESSAGE(files, errors);
  const std::string& cu = fileNamed(*files, "filter.cu");
  CHECK(has(cu, "static __global__ void main_filter("));
  CHECK(!has(cu, "main_filter_scatter"));
  CHECK(has(cu, "filtered_kept[kept_at] ="));
  CHECK(has(cu, "count[0] = offsets_carry;"));
  // The kept elements become the result by a move, after the count is read back.
  CHECK(has(cu, "result_0_mem = std::move(filtered_kept);"));
  // Nothing allocates the offsets and flags of the unfused form.
  CHECK(!has(cu, "offsets_mem"));
  CHECK(!has(cu, "offsets_bytes"));
  // The offsets travel through the look-back packed with the status in one word.
  CHECK(has(cu, "((volatile int64_t *)tile_status)[tile] = offsets_aggregate * 4 + 1;"));
  // The tile keeps the offsets as i32, relative to the tile's start, and the scatter adds
  // the tile's i64 prefix back (Note [Filter offsets in a tile]).
  CHECK(has(cu, "__shared__ int32_t offsets_tile[8448];"));
  CHECK(has(cu, "offsets_tile[at] = (int32_t)(offsets_carry - tile_offset);"));
  CHECK(has(cu, "= tile_offset + (int64_t)offsets_tile[j_2 + (j_2 >> 5)];"));
  // Only the store of a kept element is guarded, not the loads (Note [Loads in flight]);
  // the flags' tile is loaded four elements at a time (Note [Vector tiles]), a whole tile
  // without checks.
  CHECK(has(cu, "int64_t gtid_2 = min(at_flat, n - 1);"));
  CHECK(has(cu, "if (in_range && kept_at >= 0) {"));
  CHECK(!has(cu, "if (gtid_2 < n)"));
  CHECK(has(cu, "int4 x_vec = reinterpret_cast<const int4 *>(xs_mem)[g];"));
  // The input and the kept buffer alias nothing, so the scatter's loads (read-only) need
  // not wait for its stores; the tile status is plain. Tiles go by block index.
  CHECK(has(cu, "const int32_t *__restrict__ xs_mem"));
  CHECK(has(cu, "int32_t *__restrict__ filtered_kept"));
  CHECK(has(cu, "int64_t *tile_status"));
  CHECK(!has(cu, "ticket"));
  // A filter's tiles default to 512 threads of 16 items.
  const std::string& tuning = fileNamed(*files, "filter_tuning.h");
  CHECK(has(tuning, "#define FJORD_FILTER_MAIN_FILTER_BLOCK_SIZE 512"));
  CHECK(has(tuning, "#define FJORD_FILTER_MAIN_FILTER_ITEMS_PER_THREAD 16"));
}

TEST_CASE("imp: a scan of one i32 packs each tile's status and value into one word") {
  std::string errors;
  std::optional<Files> files = generate(
      "sums.fut", "entry main (xs: []i32) : []i32 = scan (+) 0 xs\n", driver::Backend::Cuda, errors);
  REQUIRE_MESSAGE(files, errors);
  const std::string& cu = fileNamed(*files, "sums.cu");
  size_t at = cu.find("static __global__ void main_scan(");
  REQUIRE(at != std::string::npos);
  std::string k = cu.substr(at, cu.find("\n}\n", at) - at);
  // One store publishes value and status; one load reads them; no fence between.
  CHECK(has(k, "((volatile int64_t *)tile_status)[tile] = (int64_t)scanned_aggregate * 4 + 1;"));
  CHECK(has(k, "int64_t word = ((volatile int64_t *)tile_status)[predecessor];"));
  CHECK(has(k, "seen = (int32_t)(word & 3);"));
  CHECK(has(k, "scanned_seen = (int32_t)(word >> 2);"));
  CHECK(!has(k, "__threadfence"));
  // Warp 0 looks back alone: the window's first stop by shuffles, then an ordered
  // reduction with the earlier tile on the left (Note [Warp look-back]).
  CHECK(has(k, "first_stop = __shfl_down_sync(0xffffffffu, stop_code, (int)(31 - tid));"));
  CHECK(has(k, "= fjord_add_i32(scanned_earlier, scanned_window);")); // wraps (i32 data)
  CHECK(!has(k, "window_status"));
  CHECK(!has(k, "scanned_aggregates"));
  // The reset kernel zeroes the words.
  CHECK(has(cu, "main_scan_reset(int64_t tiles, int64_t *tile_status"));
  // The tile is loaded and written back four elements at a time (Note [Vector tiles]).
  // A whole tile's loads are unchecked vector loads; the last tile's are checked.
  CHECK(has(k, "int4 x_vec = reinterpret_cast<const int4 *>(xs_mem)[g];"));
  CHECK(has(k, "FJORD_LOAD_LANES(x_lanes, 0, xs_mem, g_1, n);"));
  CHECK(has(k, "scanned_lanes[q_2] = scanned_tile[j_2 + (j_2 >> 5)];"));
  CHECK(has(k, "FJORD_STORE_LANES(result_0_mem, g_2, scanned_lanes, n);"));
  CHECK(has(k, "#pragma unroll 4"));
}

TEST_CASE("imp: a scan of i64 loads its tile an element at a time, clamped below n") {
  std::string errors;
  std::optional<Files> files = generate(
      "sums.fut", "entry main (xs: []i64) : []i64 = scan (+) 0 xs\n", driver::Backend::Cuda, errors);
  REQUIRE_MESSAGE(files, errors);
  const std::string& cu = fileNamed(*files, "sums.cu");
  size_t at = cu.find("static __global__ void main_scan(");
  REQUIRE(at != std::string::npos);
  std::string k = cu.substr(at, cu.find("\n}\n", at) - at);
  // No vector access for 8-byte elements (Note [Vector tiles]).
  CHECK(!has(k, "FJORD_LOAD_LANES"));
  CHECK(!has(k, "FJORD_STORE_LANES"));
  // The load runs the body at a point clamped below n, with no branch around the load, and
  // keeps the neutral element past n (Note [Loads in flight]).
  CHECK(has(k, "int64_t gtid = min(at_flat, n - 1);\n        int64_t x = xs_mem[gtid];"));
  CHECK(has(k, "scanned_tile[j + (j >> 5)] = in_range ? x : 0;"));
  CHECK(!has(k, "if (gtid < n)"));
  CHECK(has(k, "result_0_mem[i] = scanned_tile[j_1 + (j_1 >> 5)];"));
}

TEST_CASE("imp: tile points past n do not run a body that writes per-point scratch") {
  // Each point fills its own row of a scratch buffer (`replicate m i`) and reads it back;
  // a padding point run as point n - 1 would write n - 1's row while that thread reads it
  // (Note [Padding points write nothing] in imp/ScanPaddingPoints.cpp).
  const char* src =
      "entry sums [n][m] (xs: [n]i32) (zs: [m]i32) : ([]i32, []i64) =\n"
      "  let row x = loop acc = 0i64 for i < 3 do acc + (replicate m (i64.i32 i))[i64.i32 x % m]\n"
      "  in (scan (+) 0 xs, map row xs)\n"
      "entry kept [n][m] (xs: [n]i32) (zs: [m]i32) : []i32 =\n"
      "  filter (\\x -> (loop acc = 0i64 for i < 3 do\n"
      "                   acc + (replicate m (i64.i32 i))[i64.i32 x % m]) > i64.i32 x) xs\n";
  std::string errors;
  std::optional<Files> files = generate("rows.fut", src, driver::Backend::Cuda, errors);
  REQUIRE_MESSAGE(files, errors);
  const std::string& cu = fileNamed(*files, "rows.cu");
  auto kernel = [&](const std::string& name) {
    size_t at = cu.find("static __global__ void " + name + "(");
    REQUIRE(at != std::string::npos);
    return cu.substr(at, cu.find("\n}\n", at) - at);
  };
  std::string scan = kernel("sums_scan_map_scan");
  size_t guard = scan.find("if (in_range) {");
  size_t write = scan.find("replicated_mem[i_2 * n_1 + gtid] =");
  REQUIRE(guard != std::string::npos);
  REQUIRE(write != std::string::npos);
  CHECK(guard < write);
  // Past n the tile holds the neutral element the scanned value starts from; the mapped
  // result's store needs no second test inside the guard.
  CHECK(has(scan, "int32_t scanned_point = 0;"));
  CHECK(has(scan, "scanned_tile[j + (j >> 5)] = scanned_point;"));
  CHECK(!has(scan, "in_range ?"));
  CHECK(scan.find("if (in_range)", guard + 1) == std::string::npos);
  // The filter guards its flags' load and its scatter alike.
  std::string filter = kernel("kept_filter");
  CHECK(has(filter, "if (in_range) {"));
  CHECK(has(filter, "if (in_range_1) {"));
  CHECK(!has(filter, "if (in_range_1 && kept_at >= 0)"));
  CHECK(has(filter, "if (kept_at >= 0) {"));
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
