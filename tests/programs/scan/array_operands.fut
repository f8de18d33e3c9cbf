-- Scans whose operands are arrays (rows) and whose operator is elementwise: on the GPU they
-- become a map over the columns, each thread scanning its column, and the [m][n] result is
-- rearranged back to [n][m] (gpu/InterchangeArrayOperators.cpp).
-- ==
-- entry: running_sums
-- structure gpu { SegMap 1 SegScan 0 }
-- input { [[1, 2], [3, 4], [5, 6]] } output { [[1, 2], [4, 6], [9, 12]] }
-- input { empty([0][2]i32) } output { empty([0][2]i32) }
-- input { empty([3][0]i32) } output { empty([3][0]i32) }
-- compiled random input { [1000][70]i32 } auto output
-- entry: sums_and_maxima
-- structure gpu { SegMap 1 SegScan 0 }
-- input { [[1, 2], [3, 4]] [[5, 1], [2, 7]] } output { [[1, 2], [4, 6]] [[5, 1], [5, 7]] }
-- entry: incremented_sums_and_total
-- input { [[1, 2], [3, 4]] } output { [[2, 3], [6, 8]] 10 }
-- input { empty([0][2]i32) } output { empty([0][2]i32) 0 }
-- entry: last_nonzero
-- input { [[1, 0, 3], [0, 5, 0], [0, 0, 0]] } output { [[1, 0, 3], [1, 5, 3], [1, 5, 3]] }
-- entry: nested
-- structure gpu { SegMap 4 SegScan 0 }
-- input { [[[1, 2], [3, 4]], [[5, 6], [7, 8]], [[0, 1], [0, 1]]] }
-- output { [[[1, 2], [4, 6]], [[5, 6], [12, 14]], [[0, 1], [0, 2]]] }
-- input { empty([0][2][2]i32) } output { empty([0][2][2]i32) }
-- entry: matrix_sums
-- input { [[[1, 2], [3, 4]], [[5, 6], [7, 8]]] } output { [[[1, 2], [3, 4]], [[6, 8], [10, 12]]] }

entry running_sums [n][m] (xss: [n][m]i32) : [n][m]i32 = scan (map2 (+)) (replicate m 0) xss

-- A tuple of arrays per operand, combined by two different maps.
entry sums_and_maxima [n] (as: [n][2]i32) (bs: [n][2]i32) : ([n][2]i32, [n][2]i32) =
  unzip (scan (\(a, b) (c, d) -> (map2 (+) a c, map2 i32.max b d))
              (replicate 2 0, replicate 2 i32.lowest) (zip as bs))

-- A map producing the rows fused with the array scan and with a scalar reduction.
entry incremented_sums_and_total [n] (xss: [n][2]i32) : ([n][2]i32, i32) =
  let yss = map (map (+ 1)) xss
  in (scan (map2 (+)) (replicate 2 0) yss, reduce (+) 0 (flatten xss))

-- Associative but not commutative, with the operator's arguments given to map2 swapped.
entry last_nonzero [n] (xss: [n][3]i32) : [n][3]i32 =
  scan (\a b -> map2 (\y x -> if y == 0 then x else y) b a) (replicate 3 0) xss

-- The scan nested in a map: after the interchange, the map is distributed (G2) into three
-- SegMaps: the matrices transposed to columns, one thread per (matrix, column) scanning
-- it, and the result transposed back.
entry nested [k][n] (xsss: [k][n][2]i32) : [k][n][2]i32 =
  map (scan (map2 (+)) (replicate 2 0)) xsss

-- Rows that are matrices: each column thread scans its rows of p elements in turn.
entry matrix_sums [n][m][p] (xsss: [n][m][p]i32) : [n][m][p]i32 =
  scan (map2 (map2 (+))) (replicate m (replicate p 0)) xsss
