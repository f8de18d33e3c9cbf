-- Each `[]` in a parameter type is a size parameter of its own: `inc` keeps its argument's
-- size (so `map2` over `inc xs` and `xs` checks), and each call of `total` or `pairs`
-- instantiates it afresh, so arguments of different sizes are fine.
-- ==
-- input { [1, 2, 3] [1f32] } output { [3, 5, 7] 9 3i64 1i64 }
-- input { empty([0]i32) [1f32, 2f32] } output { empty([0]i32) 3 0i64 2i64 }

def inc (xs: []i32) = map (+ 1) xs
def total (xs: []i32) : i32 = reduce (+) 0 xs
def pairs (xs: []i32) (ys: []f32) = (length xs, length ys)

entry main (xs: []i32) (ys: []f32) : ([]i32, i32, i64, i64) =
  let (a, b) = pairs xs ys
  in (map2 (+) (inc xs) xs, total xs + total [1, 2], a, b)
