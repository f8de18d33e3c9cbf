-- A transposed matrix returned from an entry point must be row-major, so it is copied; the
-- copy swaps the memory order of the two innermost dimensions and runs as a tiled transpose
-- kernel (imp/LowerTranspose.cpp). `map transpose` is a map whose threads each transpose
-- one matrix (no copy): its values are checked here too.
-- ==
-- entry: tr
-- input { [[1, 2, 3], [4, 5, 6]] } output { [[1, 4], [2, 5], [3, 6]] }
-- input { empty([0][5]i32) } output { empty([5][0]i32) }
-- input { empty([5][0]i32) } output { empty([0][5]i32) }
-- compiled random input { [1000][37]i32 } auto output
-- structure gpu-mem { TransposeCopy 1 }

-- ==
-- entry: trf
-- input { [[1.5, 2.5], [3.5, 4.5], [5.5, 6.5]] } output { [[1.5, 3.5, 5.5], [2.5, 4.5, 6.5]] }
-- compiled random input { [33][65]f64 } auto output

-- ==
-- entry: batched
-- input { [[[1, 2], [3, 4]], [[5, 6], [7, 8]], [[9, 10], [11, 12]]] }
-- output { [[[1, 3], [2, 4]], [[5, 7], [6, 8]], [[9, 11], [10, 12]]] }
-- compiled random input { [3][33][70]i32 } auto output

entry tr (m: [][]i32) : [][]i32 = transpose m

entry trf (m: [][]f64) : [][]f64 = transpose m

entry batched (a: [][][]i32) : [][][]i32 = map transpose a
