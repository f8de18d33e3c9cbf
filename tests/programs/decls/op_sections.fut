-- Sections of a user-defined operator.
-- ==
-- input { [1, 2] } output { [11, 21] [11, 12] 12 }

def (+^) (a: i32) (b: i32) : i32 = a * 10 + b

entry main (xs: []i32) : ([]i32, []i32, i32) =
  (map (+^ 1) xs, map (1 +^) xs, (+^) xs[0] xs[1])
