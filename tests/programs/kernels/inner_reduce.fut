-- Each thread builds its own `iota 10` and reduces over it: the iota is a per-thread
-- temporary, so it lives in one expanded block allocated before the kernel (10 elements
-- per thread, thread index innermost). 0 + 1 + ... + 9 = 45, so the result is 45 * x.
-- ==
-- input { [1, 2, -3] } output { [45, 90, -135] }
-- input { empty([0]i32) } output { empty([0]i32) }
-- structure gpu-mem { Alloc 2 }

entry main (xs: []i32) : []i32 =
  map (\x -> reduce (+) 0 (map (* x) (map i32.i64 (iota 10)))) xs
