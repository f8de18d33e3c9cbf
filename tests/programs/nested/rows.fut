-- Scatter and histograms of rows inside a kernel: each thread updates its own
-- multi-dimensional array sequentially, a whole row per element, skipping
-- out-of-range indices (negative or past the outer size).
-- ==
-- entry: s
-- input { [[[1, 2], [3, 4], [5, 6]], [[7, 8], [9, 10], [11, 12]]]
--         [[2i64, -1i64], [3i64, 0i64]]
--         [[[10, 20], [30, 40]], [[50, 60], [70, 80]]] }
-- output { [[[1, 2], [3, 4], [10, 20]], [[70, 80], [9, 10], [11, 12]]] }
-- input { empty([0][3][2]i32) empty([0][2]i64) empty([0][2][2]i32) }
-- output { empty([0][3][2]i32) }

entry s [n][k][m] (dss: [n][k][m]i32) (iss: [n][2]i64) (vss: [n][2][m]i32) : [n][k][m]i32 =
  map3 (\ds is vs -> scatter (copy ds) is vs) dss iss vss

-- Rows that are matrices.
-- ==
-- entry: s3
-- input { [[[[1, 2], [3, 4]], [[5, 6], [7, 8]]]] [[1i64]] [[[[9, 10], [11, 12]]]] }
-- output { [[[[1, 2], [3, 4]], [[9, 10], [11, 12]]]] }

entry s3 [n][k] (dss: [n][k][2][2]i32) (iss: [n][1]i64) (vss: [n][1][2][2]i32) : [n][k][2][2]i32 =
  map3 (\ds is vs -> scatter (copy ds) is vs) dss iss vss

-- ==
-- entry: h
-- input { 3i64 [[0i64, 2i64, 0i64, -1i64, 3i64], [1i64, 1i64, 1i64, 5i64, 2i64]]
--         [[[1, 2], [3, 4], [5, 6], [7, 8], [9, 10]],
--          [[1, 1], [2, 2], [3, 3], [4, 4], [5, 5]]] }
-- output { [[[6, 8], [0, 0], [3, 4]], [[0, 0], [6, 6], [5, 5]]] }
-- input { 3i64 empty([0][5]i64) empty([0][5][2]i32) }
-- output { empty([0][3][2]i32) }

entry h [n][m] (k: i64) (iss: [n][5]i64) (vss: [n][5][m]i32) : [n][k][m]i32 =
  map2 (\is vs -> reduce_by_index (replicate k (replicate m 0)) (map2 (+)) (replicate m 0) is vs)
       iss vss

-- An operator that is not elementwise: complex multiplication of [re, im] rows.
-- ==
-- entry: c
-- input { 2i64 [[0i64, 0i64, 1i64], [1i64, 2i64, -1i64]]
--         [[[1, 2], [3, 4], [0, 1]], [[2, 0], [5, 5], [6, 6]]] }
-- output { [[[-5, 10], [0, 1]], [[1, 0], [2, 0]]] }

entry c [n] (k: i64) (iss: [n][3]i64) (vss: [n][3][2]i32) : [n][k][2]i32 =
  map2 (\is vs ->
          reduce_by_index (replicate k [1, 0])
                          (\a b -> [a[0] * b[0] - a[1] * b[1], a[0] * b[1] + a[1] * b[0]])
                          [1, 0] is vs)
       iss vss

-- A tuple of a count and a row per bucket.
-- ==
-- entry: t
-- input { 2i64 [[1i64, 1i64, 0i64, 2i64]] [[[1, 2], [3, 4], [5, 6], [7, 8]]] }
-- output { [[1, 2]] [[[5, 6], [4, 6]]] }

entry t [n][m] (k: i64) (iss: [n][4]i64) (vss: [n][4][m]i32) : ([n][k]i32, [n][k][m]i32) =
  unzip (map2 (\is vs ->
                 unzip (reduce_by_index (zip (replicate k 0) (replicate k (replicate m 0)))
                                        (\(c1, r1) (c2, r2) -> (c1 + c2, map2 (+) r1 r2))
                                        (0, replicate m 0) is (map (\v -> (1, v)) vs)))
              iss vss)
