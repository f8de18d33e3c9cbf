-- `zip` of arrays of different lengths fails at run time.
-- ==
-- input { [1, 2] [1, 2, 3] } error: size mismatch

entry main [n] (xs: [n]i32) (ys: [n]i32) : i32 = i32.sum (map (\(a, b) -> a * b) (zip xs ys))
