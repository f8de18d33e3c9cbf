-- min and max through the numeric modules: atomic min/max on integers, and
-- compare-and-swap helpers for floats.
-- ==
-- structure gpu { SegHist 4 }
-- entry: max_i64
-- input { [0i64, 2i64, 0i64, 2i64, 5i64, -1i64, 1i64, 1i64]
--         [5i64, -3i64, 9i64, -8i64, 100i64, 100i64, 4294967296i64, -4294967296i64] }
-- output { [9i64, 4294967296i64, -3i64] }
-- input { [2i64] [7i64] } output { [-9223372036854775808i64, -9223372036854775808i64, 7i64] }
-- entry: min_f32
-- input { [1i64, 1i64, 0i64, 3i64] [2.5f32, -1.5f32, 0.25f32, -100f32] }
-- output { [0.25f32, -1.5f32, f32.inf] }
-- entry: min_i32
-- compiled random input { [100000]i64 [100000]i32 } auto output
-- entry: max_f32
-- compiled random input { [100000]i64 [100000]f32 } auto output

entry max_i64 [n] (is: [n]i64) (vs: [n]i64) : []i64 =
  reduce_by_index (replicate 3 i64.lowest) i64.max i64.lowest is vs

entry min_f32 [n] (is: [n]i64) (vs: [n]f32) : []f32 =
  reduce_by_index (replicate 3 f32.inf) f32.min f32.inf is vs

entry min_i32 [n] (is: [n]i64) (vs: [n]i32) : []i32 =
  reduce_by_index (replicate 100 i32.highest) i32.min i32.highest (map (% 100) is) vs

entry max_f32 [n] (is: [n]i64) (vs: [n]f32) : []f32 =
  reduce_by_index (replicate 100 f32.lowest) f32.max f32.lowest (map (% 100) is) vs
