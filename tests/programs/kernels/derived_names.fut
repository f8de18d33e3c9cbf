-- Kernel names derived from a base (`<base>_reduce`, `<base>_stage1`, ...) are unique even
-- when another kernel's base is spelled the same: the filter inside the map becomes a
-- reduction whose base is `main_filter_reduce`, and the second filter's scan derives
-- `main_filter_reduce` from its base `main_filter` (found by difftest, seed s9, program 8707:
-- "kernel `main_filter_reduce` is defined twice").
-- ==
-- input { [1, 2, 3] [4, 5, 6] } output { 11 }
-- input { [7] [1, 9] } output { 15 }

entry main [n][m] (xs: [n]i32) (ys: [m]i32) : i32 =
  let v1 = map (\x -> reduce (+) 0 (filter (\y -> y < 5i32) ys) + x) xs
  let b = reduce (+) 0 (filter (\x -> x == x) xs)
  in b + v1[0]
