-- scatter of rows into a multi-dimensional destination: flattened before kernel extraction
-- into one scatter over all n*m elements (Note [Flattening row updates]). A row index that
-- is negative or not below the number of rows skips the whole row.
-- main: dest [[1,2],[3,4],[5,6]], rows 2 <- [10,11], -1 (skipped), 0 <- [30,31], 3 and 5
-- (skipped): [[30,31],[3,4],[10,11]].
-- ==
-- entry: main
-- input { [[1, 2], [3, 4], [5, 6]] [2i64, -1i64, 0i64, 3i64, 5i64]
--         [[10, 11], [20, 21], [30, 31], [40, 41], [50, 51]] }
-- output { [[30, 31], [3, 4], [10, 11]] }
-- input { [[1, 2]] empty([0]i64) empty([0][2]i32) } output { [[1, 2]] }
-- input { empty([3][0]i32) [0i64, 1i64] empty([2][0]i32) } output { empty([3][0]i32) }
-- input { empty([0][2]i32) [0i64, -1i64] [[1, 2], [3, 4]] } output { empty([0][2]i32) }
-- structure gpu { SegMap 1 }

-- Rank 3: rows are 2x2 matrices; 1 <- [[1,2],[3,4]], 7 (skipped), 0 <- [[5,6],[7,8]].
-- ==
-- entry: cube
-- input { [[[0, 0], [0, 0]], [[9, 9], [9, 9]]] [1i64, 7i64, 0i64]
--         [[[1, 2], [3, 4]], [[0, 0], [0, 0]], [[5, 6], [7, 8]]] }
-- output { [[[5, 6], [7, 8]], [[1, 2], [3, 4]]] }

-- Values computed by a map fused into the scatter: materialised first, then flattened.
-- The row index -4 is skipped; 1 <- 2*[3,4]; 0 <- 2*[5,6].
-- ==
-- entry: doubled
-- input { [[0, 0], [0, 0]] [-4i64, 1i64, 0i64] [[1, 2], [3, 4], [5, 6]] }
-- output { [[10, 12], [6, 8]] }
-- structure gpu { SegMap 2 }

-- A destination of (row, scalar) pairs: the rows are flattened, the scalars stay a
-- one-dimensional scatter. 2 <- ([7,8], 1.5), 0 <- ([9,10], 2.5), -1 skipped.
-- ==
-- entry: pairs
-- input { [[1, 1], [2, 2], [3, 3]] [0f32, 0f32, 0f32] [2i64, 0i64, -1i64]
--         [[7, 8], [9, 10], [11, 12]] [1.5f32, 2.5f32, 3.5f32] }
-- output { [[9, 10], [2, 2], [7, 8]] [2.5f32, 0f32, 1.5f32] }
-- structure gpu { SegMap 2 }

entry main [k][m][n] (dest: *[k][m]i32) (is: [n]i64) (vss: [n][m]i32) : [k][m]i32 =
  scatter dest is vss

entry cube [k][n] (dest: *[k][2][2]i32) (is: [n]i64) (vss: [n][2][2]i32) : [k][2][2]i32 =
  scatter dest is vss

entry doubled [k][m][n] (dest: *[k][m]i32) (is: [n]i64) (vss: [n][m]i32) : [k][m]i32 =
  scatter dest is (map (map (* 2)) vss)

entry pairs [k][m][n] (as: *[k][m]i32) (bs: *[k]f32) (is: [n]i64) (xss: [n][m]i32)
                      (ys: [n]f32) : ([k][m]i32, [k]f32) =
  unzip (scatter (zip as bs) is (zip xss ys))
