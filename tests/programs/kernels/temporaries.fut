-- A per-thread temporary that is not a result: a replicate updated in place, then summed.
-- It lives in one expanded block (4 elements per thread); with the result, two
-- allocations. (replicate 4 x with [0] = 1) sums to 1 + 3 * x.
-- ==
-- input { [1, 2, 3] } output { [4, 7, 10] }
-- input { [0, -1] } output { [1, -2] }
-- structure gpu-mem { Alloc 2 }

entry main (xs: []i32) : []i32 =
  map (\x -> let t = replicate 4 x
             let t[0] = 1
             in reduce (+) 0 t) xs
