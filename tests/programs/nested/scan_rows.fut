-- Scans inside a kernel: each thread scans its row (of the input, or of its transpose)
-- sequentially, straight into its row of the result.
-- ==
-- entry: scan_rows
-- input { [[1, 2, 3], [4, -5, 6]] } output { [[2, 6, 12], [8, -2, 10]] }
-- compiled random input { [2000][64]i32 } auto output

entry scan_rows (a: [][]i32) : [][]i32 = map (\row -> scan (+) 0 (map (* 2) row)) a

-- ==
-- entry: scan_cols
-- input { [[1, 2, 3], [4, -5, 6]] } output { [[1, 5], [2, -3], [3, 9]] }

entry scan_cols (a: [][]i32) : [][]i32 = map (\col -> scan (+) 0 col) (transpose a)

-- Scans of arrays inside a kernel, whose operators are not elementwise (a loop, a
-- reversal), so they stay scans over rows: each thread's row i of the result starts as row
-- i - 1 (the neutral element for i = 0) and takes the operator's result.
-- ==
-- entry: scan_vec_loop
-- input { [[[1, 2], [3, 4], [5, 6]], [[-1, 0], [0, 0], [7, 7]]] } output { [[[1, 2], [4, 6], [9, 12]], [[-1, 0], [-1, 0], [6, 7]]] }
-- input { empty([0][3][2]i32) } output { empty([0][3][2]i32) }
-- compiled random input { [500][16][8]i32 } auto output

def vecadd [n] (xs: [n]i32) (ys: [n]i32) : [n]i32 =
  loop res = replicate n 0 for i < n do res with [i] = xs[i] + ys[i]

entry scan_vec_loop [n][m][k] (a: [n][m][k]i32) : [n][m][k]i32 =
  map (\mat -> scan vecadd (replicate k 0) mat) a

-- 2x2 matrix products (associative, not elementwise) with a scalar count beside them.
-- ==
-- entry: scan_mat_count
-- input { [[[1, 1, 0, 1], [1, 0, 1, 1], [2, 0, 0, 2]]] } output { [[[1, 1, 0, 1], [2, 1, 1, 1], [4, 2, 2, 2]]] [[1, 2, 3]] }
-- compiled random input { [300][10][4]i32 } auto output

def mat2 (x: [4]i32) (y: [4]i32) : [4]i32 =
  [x[0] * y[0] + x[1] * y[2], x[0] * y[1] + x[1] * y[3],
   x[2] * y[0] + x[3] * y[2], x[2] * y[1] + x[3] * y[3]]

entry scan_mat_count [n][m] (a: [n][m][4]i32) : ([n][m][4]i32, [n][m]i32) =
  unzip (map (\mat -> unzip (scan (\(x, c) (y, d) -> (mat2 x y, c + d))
                                  ([1, 0, 0, 1], 0) (map (\r -> (r, 1)) mat))) a)
