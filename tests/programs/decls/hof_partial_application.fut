-- Partial application of a top-level function.
-- ==
-- input { [1, 2] } output { [3, 6] }

def scale (k: i32) (x: i32) : i32 = k * x

entry main (xs: []i32) : []i32 = map (scale 3) xs
