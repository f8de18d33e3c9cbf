-- Reductions and scans ending a map become segmented SegReds and SegScans over the map's
-- width and theirs (G3 in gpu/DistributeNests.cpp); in the middle of a map's body, the
-- map is split around them (G4).
-- Structure counts include the outer-parallel version of each multi-versioned nest (Note
-- [Multi-versioned nests] in gpu/DistributeNests.cpp): one more SegMap, whose sequential
-- SOACs count under If/SegMap/, beside the flattened kernels.
-- ==
-- entry: row_sums
-- input { [[1f32, 2f32, 3f32], [4f32, 5f32, 6f32]] } output { [6f32, 15f32] }
-- input { empty([0][4]f32) } output { empty([0]f32) }
-- input { empty([3][0]f32) } output { [0f32, 0f32, 0f32] }
-- random input { [100][37]f32 } auto output
-- compiled random input { [3][10000]f32 } auto output
-- structure gpu { SegRed 1 SegMap 0 SegRed/Screma 0 }

entry row_sums [n][m] (xss: [n][m]f32) : [n]f32 = map (\r -> f32.sum r) xss

-- A reduction over pairs (each row's largest element and its first index).
-- ==
-- entry: row_argmax
-- input { [[1, 7, 7], [9, -2, 3]] } output { [7, 9] [1i64, 0i64] }
-- input { empty([2][0]i32) } output { [-2147483648, -2147483648] [-1i64, -1i64] }
-- random input { [45][23]i32 } auto output
-- structure gpu { SegRed 1 SegMap 0 }

entry row_argmax [n][m] (xss: [n][m]i32) : ([n]i32, [n]i64) =
  unzip (map (\r -> reduce (\(a, i) (b, j) -> if a > b || (a == b && i < j) then (a, i) else (b, j))
                           (i32.lowest, -1) (zip r (iota m))) xss)

-- The reduction's input mapped and kept too: one SegRed with a mapped result.
-- ==
-- entry: sum_and_doubled
-- input { [[1, 2], [3, 4]] } output { [6, 14] [[2, 4], [6, 8]] }
-- input { empty([0][2]i32) } output { empty([0]i32) empty([0][2]i32) }
-- random input { [31][29]i32 } auto output
-- structure gpu { SegRed 1 SegMap 0 }

entry sum_and_doubled [n][m] (xss: [n][m]i32) : ([n]i32, [n][m]i32) =
  unzip (map (\r -> let ys = map (* 2) r in (i32.sum ys, ys)) xss)

-- A reduction in the middle of the body (G4): the segmented sum, then a 2-D SegMap reading
-- each row's sum.
-- ==
-- entry: centre
-- input { [[1, 2, 3], [4, 5, 9]] } output { [[-5, -4, -3], [-14, -13, -9]] }
-- input { empty([0][3]i32) } output { empty([0][3]i32) }
-- input { empty([2][0]i32) } output { empty([2][0]i32) }
-- random input { [50][20]i32 } auto output
-- structure gpu { SegRed 1 SegMap 3 SegMap/Screma 0 If/SegMap/Screma 2 }

entry centre [n][m] (xss: [n][m]i32) : [n][m]i32 =
  map (\r -> let s = i32.sum r in map (\x -> x - s) r) xss

-- In a nest of two dimensions the reduction stays in the thread.
-- ==
-- entry: inner_sums
-- input { [[[1, 2], [3, 4]], [[5, 6], [7, 8]]] } output { [[3, 7], [11, 15]] }
-- input { empty([2][0][3]i32) } output { empty([2][0]i32) }
-- structure gpu { SegMap 1 SegRed 0 SegMap/Screma 1 }

entry inner_sums [n][m][k] (xsss: [n][m][k]i32) : [n][m]i32 = map (map i32.sum) xsss

-- Row scans: a segmented SegScan.
-- ==
-- entry: row_scans
-- input { [[1, 2, 3], [4, -5, 6]] } output { [[1, 3, 6], [4, -1, 5]] }
-- input { empty([0][3]i32) } output { empty([0][3]i32) }
-- input { empty([3][0]i32) } output { empty([3][0]i32) }
-- random input { [60][33]i32 } auto output
-- structure gpu { SegScan 1 SegMap 0 }

entry row_scans [n][m] (xss: [n][m]i32) : [n][m]i32 = map (\r -> scan (+) 0 r) xss
