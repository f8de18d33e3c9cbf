-- lang_arrays: map_nested, map_with_index, matrix_multiply, partition_basic,
-- prefix_sum_exclusive, ranges, reduce_by_index_basic, reduce_empty, reduce_sum_product,
-- reverse_rotate. One entry point and test block per program, so that each backend
-- builds this file once (docs/testing.md).

-- map_nested: Nested `map` over rows.
-- ==
-- entry: map_nested
-- input { [[1, 2], [3, 4]] } output { [[2, 3], [4, 5]] [3, 7] }

entry map_nested (xss: [][]i32) : ([][]i32, []i32) =
  (map (map (+ 1)) xss, map (reduce (+) 0) xss)

-- map_with_index: Mapping over indices to pair elements with neighbours.
-- ==
-- entry: map_with_index
-- input { [1, 4, 9, 16] } output { [3, 5, 7] }

entry map_with_index (xs: []i32) : []i32 = map (\i -> xs[i + 1] - xs[i]) (iota (length xs - 1))

-- matrix_multiply: Matrix multiplication with nested maps and a reduction.
-- ==
-- entry: matrix_multiply
-- input { [[1, 2], [3, 4]] [[5, 6], [7, 8]] } output { [[19, 22], [43, 50]] }

entry matrix_multiply [n] [m] [p] (a: [n][m]i32) (b: [m][p]i32) : [][]i32 =
  map (\row -> map (\col -> i32.sum (map2 (*) row col)) (transpose b)) a

-- partition_basic: `partition` splits into matching and non-matching elements.
-- ==
-- entry: partition_basic
-- input { [1, 2, 3, 4, 5] } output { [2, 4] [1, 3, 5] }

entry partition_basic (xs: []i32) : ([]i32, []i32) = partition (\x -> x % 2 == 0) xs

-- prefix_sum_exclusive: An exclusive prefix sum from an inclusive scan.
-- ==
-- entry: prefix_sum_exclusive
-- input { [3, 1, 4] } output { [0, 3, 4] }

entry prefix_sum_exclusive (xs: []i32) : []i32 =
  let inc = scan (+) 0 xs
  in map (\i -> if i == 0 then 0 else inc[i - 1]) (indices xs)

-- ranges: Inclusive, exclusive, stepped and downward ranges.
-- ==
-- entry: test_ranges
-- input { 0 } output { [0, 1, 2, 3] [0, 1, 2, 3, 4] [0, 3, 6, 9] [5, 4, 3, 2, 1] [10, 8, 6] }

entry test_ranges (x: i32) : ([]i32, []i32, []i32, []i32, []i32) =
  (x..<4, x..4, x..3..<10, 5..>x, 10..8..6)

-- reduce_by_index_basic: `reduce_by_index` combines values into bins.
-- ==
-- entry: reduce_by_index_basic
-- input { [1i64, 0i64, 1i64, 3i64] } output { [1, 8, 0, 10] }

entry reduce_by_index_basic (is: []i64) : []i32 =
  reduce_by_index (replicate 4 0) (+) 0 is (map (\i -> 2 * i32.i64 i + 1 + i32.i64 i) is)

-- reduce_empty: `reduce` of an empty array is the neutral element.
-- ==
-- entry: reduce_empty
-- input { empty([0]i32) } output { 0 1 }

entry reduce_empty (xs: []i32) : (i32, i32) = (reduce (+) 0 xs, reduce (*) 1 xs)

-- reduce_sum_product: `reduce` with `+`, `*` and `max`.
-- ==
-- entry: reduce_sum_product
-- input { [3, 1, 4, 1, 5] } output { 14 60 5 }

entry reduce_sum_product (xs: []i32) : (i32, i32, i32) =
  (reduce (+) 0 xs, reduce (*) 1 xs, reduce i32.max i32.lowest xs)

-- reverse_rotate: `reverse` and `rotate` in both directions.
-- ==
-- entry: reverse_rotate
-- input { [1, 2, 3, 4] } output { [4, 3, 2, 1] [2, 3, 4, 1] [4, 1, 2, 3] }
-- structure gpu { SegMap 1 }

entry reverse_rotate (xs: []i32) : ([]i32, []i32, []i32) = (reverse xs, rotate 1 xs, rotate (-1) xs)
