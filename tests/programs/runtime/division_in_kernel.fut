-- Integer division and remainder by zero inside a kernel fail at run time.
-- ==
-- input { [6, 7, 8] [3, 2, 1] } output { [2, 3, 8] [0, 1, 0] }
-- input { [6, 7, 8] [3, 0, 1] } error: division by zero

entry main [n] (xs: [n]i32) (ys: [n]i32) : ([]i32, []i32) = (map2 (/) xs ys, map2 (%) xs ys)
