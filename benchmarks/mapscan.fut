-- Incremental flattening's example (the thesis's Listing 7.1, `mapscan`): every row of a
-- matrix is scanned 64 times, adding the row's number before each scan. The map over rows
-- holds a loop holding a scan, so it is compiled in two versions (Note [Multi-versioned
-- nests] in src/gpu/DistributeNests.cpp), chosen at run time by `main.suff_outer_par_0`:
--   outer (m >= the threshold): one thread per row runs the 64 scans sequentially;
--   flat  (m <  the threshold): a host loop of 64 segmented scans over all m * n elements.
-- The datasets hold the same 2^22 elements in different shapes. Measured on an H200
-- (benchmarks/results/h200-2026-11-26-versions.md), flat wins on few long rows (200x) and
-- on the square, and the two tie on rows of 16; rows of 4 (added since, not yet timed) are
-- where the outer version should win, as 64 segmented scans of 4-element segments are
-- mostly launch and look-back overhead.
-- Force a version with `--param main.suff_outer_par_0=0` (always outer) or
-- `=9223372036854775807` (always flat).
-- ==
-- entry: main
-- random input { [37][23]i32 } auto output
-- random input { [3][1000]i32 } auto output
-- "very short rows" compiled random input { [1048576][4]i32 }
-- "many short rows" compiled random input { [262144][16]i32 }
-- "few long rows" compiled random input { [16][262144]i32 }
-- "square" compiled random input { [2048][2048]i32 }

entry main [m][n] (xss: [m][n]i32) : [m][n]i32 =
  map2 (\row i -> loop row for _k < 64 do scan (+) 0 (map (+ i32.i64 i) row)) xss (iota m)
