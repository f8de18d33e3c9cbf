-- `copy` makes an independent array that may be updated.
-- ==
-- input { [1, 2] } output { [1, 2] [9, 2] }

entry main (xs: []i32) : ([]i32, []i32) =
  let ys = copy xs
  let ys[0] = 9
  in (xs, ys)
