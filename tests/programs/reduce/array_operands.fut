-- Reductions whose operands are arrays (rows) and whose operator is elementwise: on the GPU
-- they become a map over the columns, each thread folding its column (one SegMap, no
-- SegRed; see gpu/InterchangeArrayOperators.cpp).
-- ==
-- entry: column_sums
-- structure gpu { SegMap 1 SegRed 0 }
-- input { [[1, 2, 3], [4, 5, 6], [7, 8, 9]] } output { [12, 15, 18] }
-- input { [[-1, 2], [3, -4]] } output { [2, -2] }
-- input { empty([0][4]i32) } output { [0, 0, 0, 0] }
-- input { empty([3][0]i32) } output { empty([0]i32) }
-- compiled random input { [500][300]i32 } auto output
-- entry: sums_and_products
-- structure gpu { SegMap 1 SegRed 0 }
-- input { [[1, 2], [3, 4]] [[2, 3], [4, 5]] } output { [4, 6] [8, 15] }
-- input { empty([0][2]i32) empty([0][2]i32) } output { [0, 0] [1, 1] }
-- entry: sum_and_max
-- input { [[1, 5], [3, 2], [-1, 4]] } output { [3, 11] [3, 5] }
-- input { empty([0][2]i32) } output { [0, 0] [-2147483648, -2147483648] }
-- entry: doubled_sums_and_firsts
-- structure gpu { SegRed 1 SegMap 1 }
-- input { [[1, 2], [3, 4], [5, 6]] } output { [18, 24] 9 }
-- input { empty([0][2]i32) } output { [0, 0] 0 }
-- entry: last_nonzero
-- input { [[1, 0, 3], [0, 5, 0], [0, 0, 0]] } output { [1, 5, 3] }
-- input { [[0, 0, 7], [2, 0, 8]] } output { [2, 0, 8] }
-- entry: matrix_sums
-- input { [[[1, 2], [3, 4]], [[5, 6], [7, 8]], [[1, 1], [1, 1]]] } output { [[7, 9], [11, 13]] }

entry column_sums [n][m] (xss: [n][m]i32) : [m]i32 = reduce (map2 (+)) (replicate m 0) xss

-- Two arrays per operand (a tuple), combined by two different maps.
entry sums_and_products [n] (as: [n][2]i32) (bs: [n][2]i32) : ([2]i32, [2]i32) =
  reduce (\(a, b) (c, d) -> (map2 (+) a c, map2 (*) b d)) (replicate 2 0, replicate 2 1)
         (zip as bs)

-- Two reductions of the same rows (fused into one Screma with two operators).
entry sum_and_max [n] (xss: [n][2]i32) : ([2]i32, [2]i32) =
  (reduce (map2 (+)) (replicate 2 0) xss, reduce (map2 i32.max) (replicate 2 i32.lowest) xss)

-- A map producing the rows fused with the array reduction and with a scalar reduction.
entry doubled_sums_and_firsts [n] (xss: [n][2]i32) : ([2]i32, i32) =
  let yss = map (map (* 2)) xss
  in (reduce (map2 (+)) (replicate 2 0) yss, reduce (+) 0 (map (\r -> r[0]) xss))

-- Associative but not commutative, with the operator's arguments given to map2 swapped.
entry last_nonzero [n] (xss: [n][3]i32) : [3]i32 =
  reduce (\a b -> map2 (\y x -> if y == 0 then x else y) b a) (replicate 3 0) xss

-- Rows that are matrices: each column thread folds its rows of p elements.
entry matrix_sums [n][m][p] (xsss: [n][m][p]i32) : [m][p]i32 =
  reduce (map2 (map2 (+))) (replicate m (replicate p 0)) xsss
