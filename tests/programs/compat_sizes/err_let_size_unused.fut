-- A size parameter of a `let` must size something in the pattern.
-- ==
-- error: fut:6:8: error: size parameter `m` is not used in the pattern's type

entry main (xs: []i32) : []i32 =
  let [m] (ys: []i32) = filter (> 0) xs
  in ys
