-- Multi-versioned map nests (Note [Multi-versioned nests] in gpu/DistributeNests.cpp): a
-- map whose body flattens into more than one SegMap gets an outer-parallel version (one
-- SegMap running the body sequentially) beside the flattened one, chosen by a threshold.
-- CTest runs this group also with every threshold forced each way
-- (`programs/versions/opencl-outer` and `-flat`), so each version is checked against the
-- interpreter.

-- A segmented reduction of the rows dominates a sequential one per row, which would read
-- the rows uncoalesced or from a transposed copy: no versions (Note [Dominated outer
-- versions] in gpu/DistributeNests.cpp).
-- ==
-- entry: row_sums
-- input { [[1, 2, 3], [4, 5, 6]] } output { [6, 15] }
-- input { empty([0][4]i32) } output { empty([0]i32) }
-- input { empty([3][0]i32) } output { [0, 0, 0] }
-- random input { [100][37]i32 } auto output
-- structure gpu { CmpSize 0 If 0 SegRed 1 SegMap 0 SegRed/Screma 0 }

entry row_sums [n][m] (xss: [n][m]i32) : [n]i32 = map (\r -> i32.sum r) xss

-- Sums of the columns (rows of a transposition): version A's threads walk columns, reading
-- consecutive addresses at each step, the segmented reduction's would not; both versions.
-- ==
-- entry: col_sums
-- input { [[1, 2, 3], [4, 5, 6]] } output { [5, 7, 9] }
-- input { empty([0][2]i32) } output { [0, 0] }
-- random input { [37][100]i32 } auto output
-- structure gpu { CmpSize 2 If 2 SegRed 1 SegMap 2 If/SegMap/Screma 1 }

entry col_sums [n][m] (xss: [n][m]i32) : [m]i32 = map (\c -> i32.sum c) (transpose xss)

-- A segmented scan of the rows (one flat scan, coalesced) dominates a sequential one per
-- row: no versions either.
-- ==
-- entry: row_scans
-- input { [[1, 2, 3], [4, 5, 6]] } output { [[1, 3, 6], [4, 9, 15]] }
-- random input { [33][41]i32 } auto output
-- structure gpu { CmpSize 0 If 0 SegScan 1 SegMap 0 }

entry row_scans [n][m] (xss: [n][m]i32) : [n][m]i32 = map (\r -> scan (+) 0 r) xss

-- Fission (C: a segmented reduction, then a 2-D SegMap reading its result) or one thread
-- per row (A).
-- ==
-- entry: scale_by_sum
-- input { [[1, 2], [3, 4]] } output { [[3, 6], [21, 28]] }
-- random input { [20][30]i32 } auto output
-- structure gpu { CmpSize 2 If 2 SegRed 1 SegMap 3 }

entry scale_by_sum [n][m] (xss: [n][m]i32) : [n][m]i32 =
  map (\r -> let s = i32.sum r in map (\x -> x * s) r) xss

-- The thesis's `mapscan` (Listing 7.1): C interchanges the loop with the map (a host loop
-- of segmented scans), A runs the loop in each thread.
-- ==
-- entry: mapscan
-- input { [[1, 2, 3], [4, 5, 6]] } auto output
-- random input { [13][29]i32 } auto output
-- structure gpu { CmpSize 1 If 1 If/Loop 1 If/SegMap/Loop 1 SegScan 1 }

entry mapscan [m][n] (xss: [m][n]i32) : [m][n]i32 =
  map2 (\row i -> loop row for _k < 3 do scan (+) 0 (map (+ i32.i64 i) row)) xss (iota m)

-- Two levels: the inner map (over the rows of each matrix) is versioned in the flattened
-- version of the outer one (a segmented reduction of each matrix, then the rows' scans), so
-- `nested.suff_outer_par_1` is compared only when `nested.suff_outer_par_0` failed (the
-- third `if` guards the assertion of `flatten`).
-- ==
-- entry: nested
-- input { [[[1, 2], [3, 4]], [[5, 6], [7, 8]]] } auto output
-- random input { [4][5][6]i32 } auto output
-- structure gpu { CmpSize 3 If 4 SegRed 1 }

entry nested [a][b][c] (xsss: [a][b][c]i32) : [a][b][c]i32 =
  map (\xss -> let t = i32.sum (flatten xss) in map (\xs -> map (+ t) (scan (+) 0 xs)) xss) xsss

-- A perfect nest flattens into one SegMap: no versions.
-- ==
-- entry: perfect
-- input { [[1, 2], [3, 4]] } output { [[2, 3], [4, 5]] }
-- structure gpu { CmpSize 0 If 0 SegMap 1 }

entry perfect [n][m] (xss: [n][m]i32) : [n][m]i32 = map (\r -> map (+ 1) r) xss
