-- A call's result has the sizes its arguments give the callee's size parameters, so `zip`
-- and `map2` accept it together with the argument.
-- ==
-- input { [1, 2, 3] [10, 20, 30] } output { [12, 23, 34] [2, 6, 12] }

def inc [n] (xs: [n]i32) : [n]i32 = map (+ 1) xs

entry main [n] (xs: [n]i32) (ys: [n]i32) : ([n]i32, [n]i32) =
  let zs = inc xs
  in (map2 (+) zs ys, map (\(a, b) -> a * b) (zip zs xs))
