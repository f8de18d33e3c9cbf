-- A thread that walks one row of a row-major matrix sequentially (a loop) gets a
-- column-major copy (a tiled transpose) to read from, from mem/Coalesce.cpp. A reduction
-- per row is a segmented reduction instead, which needs no copy.
-- Sizes that are not multiples of the 32x32 tile, and empty matrices.
-- ==
-- entry: rowsum
-- input { [[1, 2, 3], [4, 5, 6]] } output { [6, 15] }
-- input { empty([0][5]i32) } output { empty([0]i32) }
-- input { empty([5][0]i32) } output { [0, 0, 0, 0, 0] }
-- compiled random input { [1000][37]i32 } auto output
-- structure gpu-mem { TransposeCopy 1 SegMap 2 SegRed 1 }

-- ==
-- entry: rowloop
-- input { [[1, 2, 3], [0, 0, 1], [2, 0, 0]] } output { [18, 1, 18] }
-- compiled random input { [1000][37]i32 } auto output
-- structure gpu-mem { TransposeCopy 1 }

-- Element reads outside a loop are not a sequential walk: no copy.
-- ==
-- entry: rowends
-- input { [[1, 2, 3], [4, 5, 6]] } output { [4, 10] }
-- structure gpu-mem { TransposeCopy 0 }

entry rowsum (xss: [][]i32) : []i32 = map (\row -> reduce (+) 0 row) xss

entry rowloop (xss: [][]i32) : []i32 = map (\row -> loop acc = 0 for x in row do acc*3+x) xss

entry rowends (xss: [][]i32) : []i32 = map (\row -> row[0] + row[2]) xss
