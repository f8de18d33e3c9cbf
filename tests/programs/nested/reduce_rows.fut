-- Reductions inside a kernel over the rows of a 2-D array: a tuple operator on scalars
-- computed from each row, and operators on arrays, which accumulate in the thread's row of
-- the result.
-- ==
-- entry: tuple_rows
-- input { [1, -2, 3] [[1, 2], [3, -4], [0, 5]] } output { [10, -11, 24] }

entry tuple_rows (xs: []i32) (rows: [][]i32) : []i32 =
  map (\x -> let (s, p) = reduce (\(a, b) (c, d) -> (a + c, i32.max b d)) (0, i32.lowest)
                                 (map (\r -> (i32.sum r * x, r[0])) rows)
             in s + p) xs

-- ==
-- entry: col_sums
-- input { [[[1, 2], [3, 4], [5, 6]], [[-1, 0], [0, 0], [7, 7]]] } output { [[9, 12], [6, 7]] }
-- input { [[[1, 2, 3]]] } output { [[1, 2, 3]] }
-- compiled random input { [2000][16][8]i32 } auto output

entry col_sums [n][m][k] (a: [n][m][k]i32) : [n][k]i32 =
  map (\mat -> reduce (map2 (+)) (replicate k 0) mat) a

-- ==
-- entry: sum_plus_max
-- input { [[[1, 2], [3, 4], [5, 6]], [[-1, 0], [0, 0], [7, 7]]] } output { [[14, 18], [13, 14]] }

entry sum_plus_max [n][m][k] (a: [n][m][k]i32) : [n][k]i32 =
  map (\mat -> let (s, mx) = reduce (\(a, b) (c, d) -> (map2 (+) a c, map2 i32.max b d))
                                    (replicate k 0, replicate k i32.lowest)
                                    (map (\r -> (r, r)) mat)
               in map2 (+) s mx) a
