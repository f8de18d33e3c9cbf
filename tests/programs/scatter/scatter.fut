-- scatter: one SegMap per scatter (plus one for the index map in `reverse`), writing in
-- place; indices that are negative or not below the destination's length are skipped.
-- dest [10, 20, 30, 40, 50], writes 1 <- 7, -1 <- 8 (skipped), 4 <- 9, 5 <- 6 (skipped):
-- [10, 7, 30, 40, 9].
-- ==
-- structure gpu { SegMap 4 }
-- entry: main
-- input { [10, 20, 30, 40, 50] [1i64, -1i64, 4i64, 5i64] [7, 8, 9, 6] }
-- output { [10, 7, 30, 40, 9] }
-- input { [1, 2, 3] empty([0]i64) empty([0]i32) } output { [1, 2, 3] }
-- input { empty([0]i32) [0i64, -3i64] [5, 6] } output { empty([0]i32) }
-- input { [0, 0, 0] [2i64, 100i64, -100i64, 0i64] [1, 2, 3, 4] } output { [4, 0, 1] }
-- entry: pairs
-- input { [1, 2, 3] [1f32, 2f32, 3f32] [2i64, 0i64, 3i64] [10, 20, 30] [0.5f32, 1.5f32, 2.5f32] }
-- output { [20, 2, 10] [1.5f32, 2f32, 0.5f32] }
-- entry: reverse
-- compiled random input { [100000]i32 } auto output

entry main [k] (dest: *[]i32) (is: [k]i64) (vs: [k]i32) : []i32 = scatter dest is vs

-- A destination of tuples is two destinations written with the same indices.
entry pairs [m] [n] (as: *[m]i32) (bs: *[m]f32) (is: [n]i64) (xs: [n]i32) (ys: [n]f32) : ([]i32, []f32) =
  unzip (scatter (zip as bs) is (zip xs ys))

-- Writes xs reversed into a fresh array: every index is written exactly once.
entry reverse [n] (xs: [n]i32) : []i32 =
  scatter (replicate n 0) (map (\i -> n - 1 - i) (iota n)) xs
