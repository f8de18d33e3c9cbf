-- A named size is rigid in the body: it does not match another array's size.
-- ==
-- error: fut:7:18: error: size mismatch

entry main (xs: []i32) : []i32 =
  let [m] (ys: [m]i32) = filter (> 0) xs
  in map2 (+) ys xs
