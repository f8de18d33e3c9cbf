-- Histograms and scatters inside a kernel: each thread updates its own array (a
-- `replicate` or a `copy`, built in its row of the result) sequentially, skipping
-- out-of-range indices.
-- ==
-- entry: counts
-- input { [[0, 1, 1, 3, 7, -1], [2, 2, 2, 0, 0, 4]] } output { [[1, 2, 0, 3], [3, 0, 3, 0]] }
-- compiled random input { [2000][64]i32 } auto output

entry counts (a: [][]i32) : [][4]i32 =
  map (\row -> hist (+) 0 4 (map (\x -> i64.i32 (x % 4)) row) (map (\_ -> 1) row)) a

-- ==
-- entry: maxes
-- input { [[5, -2, 7, 1], [0, 0, 0, 0]] [[0, 0, 2, 5], [1, 1, 1, 1]] }
-- output { [[5, -2147483648, 7], [-2147483648, 0, -2147483648]] }

entry maxes [n][m] (a: [n][m]i32) (is: [n][m]i64) : [][]i32 =
  map2 (\row idx -> reduce_by_index (replicate 3 i32.lowest) i32.max i32.lowest idx row) a is

-- ==
-- entry: scatter_rows
-- input { [[1, 2, 3], [4, 5, 6]] [2i64, -1i64, 0i64, 3i64] } output { [[0, 2, 20], [0, 5, 20]] }

entry scatter_rows (a: [][]i32) (is: []i64) : [][]i32 =
  map (\row -> scatter (copy row) is (map (\i -> i32.i64 i * 10) is)) a

-- ==
-- entry: scatter_own
-- input { [[1, 2, 3], [4, 5, 6]] [[2i64, 1i64, 0i64], [1i64, 9i64, -3i64]] }
-- output { [[-3, -2, -1], [4, -4, 6]] }

entry scatter_own [n][m] (a: [n][m]i32) (is: [n][m]i64) : [][]i32 =
  map2 (\row idx -> scatter (copy row) idx (map (\x -> -x) row)) a is
