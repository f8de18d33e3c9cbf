-- A replicate updated in place, per thread: both are built in the thread's row of the
-- result, so no temporary is needed.
-- ==
-- input { [7, -2] } output { [[7, 0, 7, 7], [-2, 0, -2, -2]] }
-- structure gpu-mem { Alloc 1 }

entry main (xs: []i32) : [][]i32 = map (\x -> let t = replicate 4 x in t with [1] = 0) xs
