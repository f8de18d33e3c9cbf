-- A function with a unique parameter updates its argument in place.
-- ==
-- input { [1, 2, 3] } output { [1, 2, 0] 6 }

def zero_last (xs: *[]i32) : *[]i32 = xs with [length xs - 1] = 0

entry main (xs: []i32) : ([]i32, i32) =
  let ys = zero_last (copy xs)
  in (ys, i32.sum xs)
