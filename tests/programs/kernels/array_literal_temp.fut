-- An array literal as a per-thread temporary, indexed: a[0] * a[1] + a[2] = 2 * x + 3.
-- ==
-- input { [1, 2, -5] } output { [5, 7, -7] }
-- structure gpu-mem { Alloc 2 }

entry main (xs: []i32) : []i32 = map (\x -> let a = [x, 2, 3] in a[0] * a[1] + a[2]) xs
