-- A sequential histogram with in-place updates in a loop.
-- ==
-- input { [0i64, 2i64, 2i64, 1i64, 2i64] } output { [1, 1, 3] }

entry main (xs: []i64) : []i32 =
  loop h = replicate 3 0 for x in xs do h with [x] = h[x] + 1
