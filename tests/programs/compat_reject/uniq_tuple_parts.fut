-- Both parts of a tuple alias one array; consuming one part consumes the other.
-- ==
-- error: consumed

def main (xs: *[]i32) : i32 = let (a, b) = (xs, xs) in let a[0] = 1 in b[0] + a[0]
