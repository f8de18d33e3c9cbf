-- Sizes flow through `|>` and user-defined operators.
-- ==
-- input { [1, 2, 3] } output { [3, 5, 7] }

def (+++) [n] (xs: [n]i32) (ys: [n]i32) : [n]i32 = map2 (+) xs ys

entry main [n] (xs: [n]i32) : [n]i32 =
  xs |> map (+ 1) |> map2 (+) xs |> (+++) (replicate n 0)
