-- An array literal per thread, as the thread's result: written into the result row.
-- ==
-- input { [1, 2] } output { [[1, 2, 2], [2, 3, 4]] }
-- structure gpu-mem { Alloc 1 }

entry main (xs: []i32) : [][]i32 = map (\x -> [x, x + 1, x * 2]) xs
