-- The existential size of a `filter` result flows through `map`, so the two agree.
-- ==
-- input { [3, -1, 4, -1, 5] } output { [3, 4, 5] [6, 8, 10] }

entry main (xs: []i32) : ([]i32, []i32) =
  let pos = filter (> 0) xs
  let doubled = map (* 2) pos
  in unzip (zip pos doubled)
