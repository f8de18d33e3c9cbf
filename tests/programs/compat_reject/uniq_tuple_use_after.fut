-- A tuple component uses an array that an earlier component consumed.
-- ==
-- error: consumed

def main (xs: *[]i32) : ([]i32, i32) = (xs with [0] = 1, xs[0])
