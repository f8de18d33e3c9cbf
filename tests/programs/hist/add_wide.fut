-- Atomic (+) on f32 (atomicAdd on CUDA, a compare-and-swap helper on OpenCL 1.2) and on
-- i64 with values beyond 32 bits.
-- ==
-- structure gpu { SegHist 3 }
-- entry: sum_f32
-- input { [0i64, 3i64, 3i64, 7i64, -2i64] [1.5f32, 2.25f32, 0.75f32, 100f32, 100f32] }
-- output { [1.5f32, 0f32, 0f32, 3f32] }
-- input { empty([0]i64) empty([0]f32) } output { [0f32, 0f32, 0f32, 0f32] }
-- entry: sum_i64
-- input { [0i64, 0i64, 1i64, 2i64] [4294967296i64, 4294967296i64, -1i64, 5i64] }
-- output { [8589934592i64, -1i64] }
-- entry: sums_random
-- compiled random input { [100000]i64 [100000]f32 } auto output

entry sum_f32 [n] (is: [n]i64) (vs: [n]f32) : []f32 = reduce_by_index (replicate 4 0) (+) 0 is vs

entry sum_i64 [n] (is: [n]i64) (vs: [n]i64) : []i64 = reduce_by_index (replicate 2 0) (+) 0 is vs

-- Random indices in [-1000, 1000] folded into 10 buckets, random values in [0, 1).
entry sums_random [n] (is: [n]i64) (vs: [n]f32) : []f32 = hist (+) 0 10 (map (% 10) is) vs
