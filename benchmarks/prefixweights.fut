-- Incremental flattening's three versions on one nest, in the style of the thesis's
-- Listing 7.1: every row's prefix sums, weighted by the row and summed,
--   w(row) = sum_j row[j] * (row[0] + ... + row[j]),
-- a map over a scan followed by a reduction. The map's body holds two inner SOACs over the
-- row, so it is compiled in three versions (Note [Multi-versioned nests] in
-- src/gpu/DistributeNests.cpp), chosen at run time by the thresholds of prog_tuning.h:
--   A (outer): m >= main.suff_outer_par_0 (default 2^15): one thread per row, sequential;
--   B (intra): otherwise, when n >= main.suff_intra_par_0 (default 32) and a block of n
--              threads with its shared memory fits the device: one block per row, the
--              scan and the reduction in shared memory;
--   C (flat):  otherwise: a segmented scan and a segmented reduction over all m * n.
-- The timed datasets hold the same 2^24 elements in four shapes, each meant for the
-- version its default picks: many short rows (A), a few thousand rows of a block's width
-- or a quarter of it (B), and rows too long for a block (C). Force a version with
-- `--param main.suff_outer_par_0=0` (A), `main.suff_outer_par_0=9223372036854775807` with
-- `main.suff_intra_par_0=0` (B where it fits) or `=9223372036854775807` (C).
-- ==
-- entry: main
-- input { [[1, 2, 3], [4, 0, -1]] } output { [25, 13] }
-- random input { [37][23]i32 } auto output
-- random input { [3][1000]i32 } auto output
-- "many short rows (A)" compiled random input { [1048576][16]i32 }
-- "block-wide rows (B)" compiled random input { [4096][1024]i32 }
-- "rows of 256 (B)" compiled random input { [16384][256]i32 }
-- "long rows (C)" compiled random input { [16][1048576]i32 }

entry main [m][n] (xss: [m][n]i32) : [m]i32 =
  map (\row -> let sums = scan (+) 0 row
               in reduce (+) 0 (map2 (*) row sums)) xss
