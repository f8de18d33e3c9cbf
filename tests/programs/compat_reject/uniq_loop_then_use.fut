-- The initial value of a consuming loop is used after the loop.
-- ==
-- error: consumed

def main (xs: *[]i32) (n: i64) : i32 = let ys = loop acc = xs for i < n do acc with [i] = 0 in xs[0] + ys[0]
