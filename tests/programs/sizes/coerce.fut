-- `:>` gives an array the size it names, checked at run time.
-- ==
-- input { [1, 2, 3] [4, 5, 6] } output { [5, 7, 9] }
-- input { [1, 2, 3] [4, 5] } error: size

entry main [n] (xs: [n]i32) (ys: []i32) : [n]i32 =
  map2 (+) xs (ys :> [n]i32)
