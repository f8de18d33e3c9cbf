-- A size named by a parameter (`iota n`, `replicate n`) is the argument's size: a
-- variable or a constant.
-- ==
-- input { 4i64 } output { [0i64, 2i64, 4i64, 6i64] 2i64 }

entry main (n: i64) : ([n]i64, i64) =
  let xs = iota n
  let ys = replicate n 2i64
  let c = map2 (+) (iota 3) (replicate 3 1i64)
  in (map2 (*) xs ys, c[1])
