-- `e : t` is checked statically: a constant size, and a call result of the right size.
-- ==
-- input { [1, 2] } output { [1, 2, 3] [2, 4] }

def double [n] (xs: [n]i32) : [n]i32 = map (* 2) xs

entry main [n] (xs: [n]i32) : ([3]i32, [n]i32) =
  let a : [3]i32 = [1, 2, 3]
  in (a, (double xs : [n]i32))
