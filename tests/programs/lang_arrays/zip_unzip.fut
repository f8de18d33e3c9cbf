-- `zip` and `unzip` are inverses.
-- ==
-- input { [1, 2] [true, false] } output { [1, 2] [true, false] 2i64 }

entry main [n] (a: [n]i32) (b: [n]bool) : ([]i32, []bool, i64) =
  let ps = zip a b
  let (x, y) = unzip ps
  in (x, y, length ps)
