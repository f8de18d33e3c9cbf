-- `zip3` and `unzip3`.
-- ==
-- input { [1, 2] } output { [2, 4] [3, 6] }

entry main (a: []i32) : ([]i32, []i32) =
  let (_, b, c) = unzip3 (zip3 a (map (* 2) a) (map (* 3) a))
  in (b, c)
