-- `take`, `drop` and `split`.
-- ==
-- input { [1, 2, 3, 4, 5] } output { [1, 2] [3, 4, 5] [1, 2, 3] [4, 5] }

entry main (xs: []i32) : ([]i32, []i32, []i32, []i32) =
  let (a, b) = split 3 xs
  in (take 2 xs, drop 2 xs, a, b)
