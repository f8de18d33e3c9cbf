-- `(.1)` and `(.x)` project from each element.
-- ==
-- input { [1, 2] [3, 4] } output { [3, 4] [1, 2] }

entry main [n] (a: [n]i32) (b: [n]i32) : ([]i32, []i32) =
  let ps = zip a b
  let rs = map (\(x, y) -> {x, y}) ps
  in (map (.1) ps, map (.x) rs)
