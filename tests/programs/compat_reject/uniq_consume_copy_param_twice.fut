-- An array updated in place twice.
-- ==
-- error: consumed

def main (xs: *[]i32) : i32 = let ys = xs with [0] = 1 in let zs = xs with [1] = 2 in ys[0] + zs[0]
