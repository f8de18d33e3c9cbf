-- `map2` and `map3` over arrays of the same size.
-- ==
-- input { [1, 2] [3, 4] [5, 6] } output { [4, 6] [15, 48] }

entry main [n] (a: [n]i32) (b: [n]i32) (c: [n]i32) : ([]i32, []i32) =
  (map2 (+) a b, map3 (\x y z -> x * y * z) a b c)
