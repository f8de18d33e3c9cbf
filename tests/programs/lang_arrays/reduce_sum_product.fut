-- `reduce` with `+`, `*` and `max`.
-- ==
-- input { [3, 1, 4, 1, 5] } output { 14 60 5 }

entry main (xs: []i32) : (i32, i32, i32) =
  (reduce (+) 0 xs, reduce (*) 1 xs, reduce i32.max i32.lowest xs)
