-- A closure that captured an array is called after the array was consumed.
-- ==
-- error: consumed

def main (xs: *[]i32) : i32 = let f = \(i: i64) -> xs[i] in let ys = xs with [0] = 1 in f 0 + ys[0]
