-- `all` and `any`.
-- ==
-- input { [2, 4, 5] } output { false true true }

entry main (xs: []i32) : (bool, bool, bool) =
  (all (\x -> x % 2 == 0) xs, any (\x -> x % 2 == 0) xs, all (> 0) xs)
