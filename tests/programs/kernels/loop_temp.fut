-- A temporary inside a sequential loop in the kernel reuses the thread's slice in every
-- iteration: sum over i < 3 of 2 * (x + i) = 6x + 6.
-- ==
-- input { [1, 2] } output { [12, 18] }
-- structure gpu-mem { Alloc 2 }

entry main (xs: []i32) : []i32 =
  map (\x -> loop acc = 0 for i < 3 do acc + reduce (+) 0 (replicate 2 (x + i32.i64 i))) xs
