-- Lambdas with tuple and record parameter patterns.
-- ==
-- input { [1, 2] [10, 20] } output { [11, 22] [-9, -18] }

entry main [n] (xs: [n]i32) (ys: [n]i32) : ([]i32, []i32) =
  (map (\(a, b) -> a + b) (zip xs ys), map (\{a, b} -> a - b) (map2 (\a b -> {a, b}) xs ys))
