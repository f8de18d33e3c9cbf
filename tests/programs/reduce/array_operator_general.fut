-- Reductions whose operands are arrays (rows) and whose operator is not elementwise: on
-- the GPU, a first SegMap where each thread folds a contiguous chunk of rows, then a
-- one-thread SegMap folding the partial results in order (gpu/ChunkArrayReductions.cpp).
-- With n rows there are min(n, 1 + floor(sqrt n)) chunks: n = 6 gives 3 chunks of 2 rows,
-- n = 10 gives 4 chunks of 3, 3, 3 and 1 rows.
-- ==
-- entry: max_first
-- structure gpu { SegMap 2 SegRed 0 SegMap/Screma 2 }
-- input { [[1, 2, 3, 4], [5, 6, 7, 8], [5, 0, 0, 0], [2, 2, 2, 2]] } output { [5, 6, 7, 8] }
-- input { empty([0][4]i32) } output { [-2147483648, 0, 0, 0] }
-- input { [[3, 1, 4, 1]] } output { [3, 1, 4, 1] }
-- input { [[0, 0, 0, 1], [4, 0, 0, 2], [1, 0, 0, 3], [9, 0, 0, 4], [2, 0, 0, 5],
--          [9, 0, 0, 6], [3, 0, 0, 7], [9, 0, 0, 8], [8, 0, 0, 9], [-5, 0, 0, 10]] }
-- output { [9, 0, 0, 4] }
-- random input { [100000][4]i32 } auto output
-- entry: argmin_row
-- input { [[5, 1], [3, 2], [7, 3], [3, 4], [1, 5], [1, 6]] } output { [1, 5] }
-- input { empty([0][2]i32) } output { [2147483647, 0] }
-- entry: lex_min
-- input { [[2, 5, 1], [2, 3, 9], [4, 0, 0], [2, 3, 7], [3, 0, 0]] } output { [2, 3, 7] }
-- input { [[2, 5, 1]] } output { [2, 5, 1] }
-- input { empty([0][3]i32) } output { [2147483647, 2147483647, 2147483647] }
-- entry: mat_product
-- input { [[1, 1, 0, 1], [1, 0, 1, 1], [2, 0, 0, 1]] } output { [4, 1, 2, 1] }
-- input { [[1, 2, 0, 1], [0, 1, 1, 0], [1, 0, 3, 1], [2, 1, 1, 1], [1, -1, 0, 1],
--          [0, 1, -1, 2], [1, 1, 1, 0]] }
-- output { [6, 5, 1, 1] }
-- input { empty([0][4]i32) } output { [1, 0, 0, 1] }
-- random input { [100000][4]i32 } auto output
-- entry: mat_product_2d
-- input { [[[1, 1], [0, 1]], [[1, 0], [1, 1]], [[2, 0], [0, 1]]] } output { [[4, 1], [2, 1]] }
-- input { empty([0][2][2]i32) } output { [[1, 0], [0, 1]] }
-- entry: argmax_with_index
-- input { [[1, 9], [7, 2], [7, 3], [0, 0]] } output { [7, 2] 1i64 }
-- input { empty([0][2]i32) } output { [-2147483648, 0] -1i64 }
-- entry: doubled_max_and_sum
-- structure gpu { SegRed 1 SegMap 2 }
-- input { [[1, 2], [3, 1], [2, 2]] } output { [6, 2] 6 }
-- input { empty([0][2]i32) } output { [-2147483648, 0] 0 }
-- entry: nested_max_first
-- structure gpu { SegMap 1 SegRed 0 }
-- input { [[[1, 2], [3, 4], [3, 5]], [[0, 9], [-1, 8], [0, 7]]] } output { [[3, 4], [0, 9]] }
-- input { empty([0][3][2]i32) } output { empty([0][2]i32) }
-- entry: updated_result
-- input { [[1, 1, 0, 1], [1, 0, 1, 1], [2, 0, 0, 1]] } output { [4, 7, 2, 1] }

-- The row with the larger first element; ties keep the first row.
def max_first_op [m] (a: [m]i32) (b: [m]i32) : [m]i32 = if b[0] > a[0] then b else a

entry max_first [n] (xss: [n][4]i32) : [4]i32 =
  reduce max_first_op [i32.lowest, 0, 0, 0] xss

-- The row with the smaller first element; ties keep the first row.
entry argmin_row [n] (xss: [n][2]i32) : [2]i32 =
  reduce (\a b -> if a[0] <= b[0] then a else b) [i32.highest, 0] xss

def lex_le (a: [3]i32) (b: [3]i32) : bool =
  a[0] < b[0] || (a[0] == b[0] && (a[1] < b[1] || (a[1] == b[1] && a[2] <= b[2])))

entry lex_min [n] (xss: [n][3]i32) : [3]i32 =
  reduce (\a b -> if lex_le a b then a else b) (replicate 3 i32.highest) xss

-- Rows [a, b, c, d] are the 2x2 matrices [[a, b], [c, d]]: associative, not commutative.
def mm (x: [4]i32) (y: [4]i32) : [4]i32 =
  [x[0] * y[0] + x[1] * y[2], x[0] * y[1] + x[1] * y[3],
   x[2] * y[0] + x[3] * y[2], x[2] * y[1] + x[3] * y[3]]

entry mat_product [n] (xss: [n][4]i32) : [4]i32 = reduce mm [1, 0, 0, 1] xss

def mm2 (x: [2][2]i32) (y: [2][2]i32) : [2][2]i32 =
  [[x[0, 0] * y[0, 0] + x[0, 1] * y[1, 0], x[0, 0] * y[0, 1] + x[0, 1] * y[1, 1]],
   [x[1, 0] * y[0, 0] + x[1, 1] * y[1, 0], x[1, 0] * y[0, 1] + x[1, 1] * y[1, 1]]]

entry mat_product_2d [n] (xsss: [n][2][2]i32) : [2][2]i32 = reduce mm2 [[1, 0], [0, 1]] xsss

-- An array and a scalar operand (the row's index, from a materialised iota).
entry argmax_with_index [n] (xss: [n][2]i32) : ([2]i32, i64) =
  reduce (\(a, i) (b, j) -> if b[0] > a[0] then (b, j) else (a, i))
         ([i32.lowest, 0], -1) (zip xss (iota n))

-- The operand rows come from a fused map, next to a scalar reduction of the same rows.
entry doubled_max_and_sum [n] (xss: [n][2]i32) : ([2]i32, i32) =
  let yss = map (map (* 2)) xss
  in (reduce max_first_op [i32.lowest, 0] yss, reduce (+) 0 (map (\r -> r[0]) xss))

-- Nested in a map: each thread folds its rows (the operator's `if` picks one of two views in
-- different blocks, copied into the thread's memory: mem/ Note [Branches in kernels]).
entry nested_max_first [k][n] (xsss: [k][n][2]i32) : [k][2]i32 =
  map (\xss -> reduce max_first_op [i32.lowest, 0] xss) xsss

-- The result is updated in place afterwards.
entry updated_result [n] (xss: *[n][4]i32) : [4]i32 =
  let r = reduce mm [1, 0, 0, 1] xss
  in r with [1] = 7
