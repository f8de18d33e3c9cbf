-- A tuple holding an array is used after the array was consumed.
-- ==
-- error: consumed

def main (xs: *[]i32) : i32 = let p = (xs, 1) in let ys = xs with [0] = 1 in p.0[0] + ys[0]
