-- Reductions through the numeric modules (product, minimum, maximum, sum) and
-- `reduce_comm`, whose threads stride through the input (see Note [Two-stage reduction]).
-- ==
-- structure gpu { SegRed 4 }
-- entry: product_i64
-- input { [2i64, -3i64, 5i64, 7i64] } output { -210i64 }
-- input { empty([0]i64) } output { 1i64 }
-- entry: product_f64
-- input { [0.5f64, 4f64, -1.5f64] } output { -3f64 }
-- compiled random input { [1000000]f64 } auto output
-- entry: extremes
-- input { [4, -9, 17, 0] } output { -9 17 }
-- input { empty([0]i32) } output { 2147483647 -2147483648 }
-- compiled random input { [1000000]i32 } auto output
-- entry: comm_sum
-- input { [1i64, 2i64, 3i64, 4i64, 5i64] } output { 15i64 }
-- input { empty([0]i64) } output { 0i64 }
-- compiled random input { [1000000]i64 } auto output

entry product_i64 (xs: []i64) : i64 = i64.product xs

-- Values in [0, 1), so the random product underflows to 0 whatever the order.
entry product_f64 (xs: []f64) : f64 = f64.product xs

entry extremes (xs: []i32) : (i32, i32) = (i32.minimum xs, i32.maximum xs)

entry comm_sum (xs: []i64) : i64 = reduce_comm (+) 0 xs
