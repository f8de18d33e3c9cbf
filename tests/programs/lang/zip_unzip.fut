-- `zip` and `unzip` are inverses.
-- ==
-- input { [1, 2] [true, false] } output { [1, 2] [true, false] 2i64 }

entry main (a: []i32) (b: []bool) : ([]i32, []bool, i64) =
  let ps = zip a b
  let (x, y) = unzip ps
  in (x, y, length ps)
