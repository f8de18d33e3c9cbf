-- Flattening a row-major matrix is a view: only the map result is allocated.
-- ==
-- input { [[1, 2, 3], [4, 5, 6]] } output { [2, 4, 6, 8, 10, 12] }
-- input { empty([0][3]i32) } output { empty([0]i32) }
-- structure gpu-mem { Alloc 1 }

entry main (a: [][]i32) : []i32 = map (*2) (flatten a)
