-- `:>` coerces to a size that is checked at run time.
-- ==
-- input { [1, 2, 3] } output { 6 }

entry main (xs: []i32) : i32 =
  let ys = xs :> [3]i32
  in ys[0] + ys[1] + ys[2]
