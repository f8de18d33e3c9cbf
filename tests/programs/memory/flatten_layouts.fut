-- Flattening a row-major matrix is a view; flattening its transpose needs one copy (no
-- single LMAD describes it), then the map allocates its result.
-- ==
-- input { [[1, 2, 3], [4, 5, 6]] } output { [2, 8, 4, 10, 6, 12] }
-- structure gpu-mem { Alloc 2 }

entry main (a: [][]i32) : []i32 = map (*2) (flatten (transpose a))

