-- Histograms whose buckets are rows, with an elementwise operator: flattened before kernel
-- extraction into one histogram over all n*m elements with the scalar operator (Note
-- [Flattening row updates]). Row indices outside [0, k) skip the whole row.
-- add: dest [[1,1],[2,2],[3,3]]; rows 0: +[1,2] +[5,6]; 2: +[3,4] +[11,12]; -1 and 3
-- skipped: [[7,9],[2,2],[17,19]].
-- ==
-- entry: add
-- input { [[1, 1], [2, 2], [3, 3]] [0i64, 2i64, 0i64, -1i64, 3i64, 2i64]
--         [[1, 2], [3, 4], [5, 6], [7, 8], [9, 10], [11, 12]] }
-- output { [[7, 9], [2, 2], [17, 19]] }
-- input { [[1, 2]] empty([0]i64) empty([0][2]i32) } output { [[1, 2]] }
-- input { empty([2][0]i32) [1i64, 0i64] empty([2][0]i32) } output { empty([2][0]i32) }
-- structure gpu { SegHist 1 SegMap 0 }

-- Indices computed by a map fused into the histogram (i % (k+2) - 1, in [-1, k]), on many
-- blocks. Small case: rows -1, 0, 1, 2, 0: [[3+9, 4+10], [5, 6]].
-- ==
-- entry: wrapped
-- compiled random input { [37][5]i32 [300000]i64 [300000][5]i32 } auto output
-- input { [[0, 0], [0, 0]] [0i64, 1i64, 2i64, 3i64, 5i64] [[1, 2], [3, 4], [5, 6], [7, 8], [9, 10]] }
-- output { [[12, 14], [5, 6]] }

-- max over rows of f32: row 1 gets max(0, [1,-2,3], [4,5,-6]); row 0 max(0, [-1,-1,-1]);
-- 5 skipped.
-- ==
-- entry: fmax
-- input { [[0f32, 0f32, 0f32], [0f32, 0f32, 0f32]] [1i64, 1i64, 0i64, 5i64]
--         [[1f32, -2f32, 3f32], [4f32, 5f32, -6f32], [-1f32, -1f32, -1f32], [100f32, 100f32, 100f32]] }
-- output { [[0f32, 0f32, 0f32], [4f32, 5f32, 3f32]] }

-- Tuples of rows: (+) on the first component, max on the second.
-- as: row 0 = [3,4], row 1 = [1,2] + [5,6] = [6,8]; bs: row 0 = max(0,[9,10]),
-- row 1 = max(0, [7,-8], [-11,12]) = [7,12].
-- ==
-- entry: pairs
-- input { [[0, 0], [0, 0]] [[0, 0], [0, 0]] [1i64, 0i64, 1i64]
--         [[1, 2], [3, 4], [5, 6]] [[7, -8], [9, 10], [-11, 12]] }
-- output { [[3, 4], [6, 8]] [[9, 10], [7, 12]] }
-- structure gpu { SegHist 1 }

-- `hist` with array buckets: 2 buckets of [m]; 1 <- [1,2] + [3,4]; 0 <- [5,6].
-- ==
-- entry: buckets
-- input { 2i64 [1i64, 1i64, 0i64] [[1, 2], [3, 4], [5, 6]] } output { [[5, 6], [4, 6]] }

-- A neutral row that is not a replicate (its first element is the scalar neutral), and
-- rank-3 buckets with map2 (map2 (+)).
-- ==
-- entry: cube
-- input { [[[1, 1], [1, 1]], [[2, 2], [2, 2]]] [0, 0] [1i64, -1i64, 1i64]
--         [[[1, 2], [3, 4]], [[9, 9], [9, 9]], [[10, 20], [30, 40]]] }
-- output { [[[1, 1], [1, 1]], [[13, 24], [35, 46]]] }
-- input { empty([3][2][0]i32) empty([0]i32) [2i64] empty([1][2][0]i32) }
-- output { empty([3][2][0]i32) }

entry add [k][m][n] (dest: *[k][m]i32) (is: [n]i64) (vss: [n][m]i32) : [k][m]i32 =
  reduce_by_index dest (map2 (+)) (replicate m 0) is vss

entry wrapped [k][m][n] (dest: *[k][m]i32) (is: [n]i64) (vss: [n][m]i32) : [k][m]i32 =
  reduce_by_index dest (map2 (+)) (replicate m 0) (map (\i -> i % (k + 2) - 1) is) vss

entry fmax [k][m][n] (dest: *[k][m]f32) (is: [n]i64) (vss: [n][m]f32) : [k][m]f32 =
  reduce_by_index dest (map2 f32.max) (replicate m f32.lowest) is vss

entry pairs [k][m][n] (as: *[k][m]i32) (bs: *[k][m]i32) (is: [n]i64) (xss: [n][m]i32)
                      (yss: [n][m]i32) : ([k][m]i32, [k][m]i32) =
  unzip (reduce_by_index (zip as bs) (\(a, b) (c, d) -> (map2 (+) a c, map2 i32.max b d))
                         (replicate m 0, replicate m i32.lowest) is (zip xss yss))

entry buckets [m][n] (k: i64) (is: [n]i64) (vss: [n][m]i32) : [k][m]i32 =
  hist (map2 (+)) (replicate m 0) k is vss

entry cube [k][p][m][n] (dest: *[k][p][m]i32) (ne: [m]i32) (is: [n]i64) (vss: [n][p][m]i32)
    : [k][p][m]i32 =
  reduce_by_index dest (map2 (map2 (+))) (replicate p ne) is vss
