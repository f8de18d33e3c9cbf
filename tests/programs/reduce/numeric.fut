-- Reductions through the numeric modules (product, minimum, maximum, sum) and
-- `reduce_comm`, whose threads stride through the input (see Note [Two-stage reduction]).
-- ==
-- structure gpu { SegRed 7 }
-- entry: product_i64
-- input { [2i64, -3i64, 5i64, 7i64] } output { -210i64 }
-- input { empty([0]i64) } output { 1i64 }
-- entry: product_f64
-- input { [0.5f64, 4f64, -1.5f64] } output { -3f64 }
-- compiled random input { [100000]f64 } auto output
-- entry: extremes
-- input { [4, -9, 17, 0] } output { -9 17 }
-- input { empty([0]i32) } output { 2147483647 -2147483648 }
-- compiled random input { [100000]i32 } auto output
-- entry: comm_sum
-- input { [1i64, 2i64, 3i64, 4i64, 5i64] } output { 15i64 }
-- input { empty([0]i64) } output { 0i64 }
-- compiled random input { [100000]i64 } auto output
-- entry: sum_f32
-- input { empty([0]f32) } output { 0f32 }
-- input { [2.5f32] } output { 2.5f32 }
-- input { [1f32, 2f32, 3f32, 4f32, 5f32, 6f32, 7f32] } output { 28f32 }
-- random input { [255]f32 } auto output
-- random input { [256]f32 } auto output
-- random input { [1027]f32 } auto output
-- compiled random input { [262147]f32 } auto output
-- compiled random input { [4000001]f32 } auto output
-- entry: dot
-- input { [1f32, 2f32, 3f32, 4f32, 5f32] [2f32, 2f32, 2f32, 2f32, -1f32] } output { 15f32 }
-- input { empty([0]f32) empty([0]f32) } output { 0f32 }
-- compiled random input { [100003]f32 [100003]f32 } auto output
-- entry: sum_doubled
-- input { [1, 2, 3, 4, 5, 6] } output { [2, 4, 6, 8, 10, 12] 42 }
-- input { empty([0]i32) } output { empty([0]i32) 0 }
-- compiled random input { [100001]i32 } auto output

-- The vectorised path (four elements per vector load) and its partial last group.
entry sum_f32 (xs: []f32) : f32 = f32.sum xs

-- Two vectorised inputs.
entry dot [n] (xs: [n]f32) (ys: [n]f32) : f32 = f32.sum (map2 (*) xs ys)

-- A mapped result beside the reduction, stored element by element.
entry sum_doubled (xs: []i32) : ([]i32, i32) =
  let ys = map (* 2) xs
  in (ys, i32.sum ys)

entry product_i64 (xs: []i64) : i64 = i64.product xs

-- Values in [0, 1), so the random product underflows to 0 whatever the order.
entry product_f64 (xs: []f64) : f64 = f64.product xs

entry extremes (xs: []i32) : (i32, i32) = (i32.minimum xs, i32.maximum xs)

entry comm_sum (xs: []i64) : i64 = reduce_comm (+) 0 xs
