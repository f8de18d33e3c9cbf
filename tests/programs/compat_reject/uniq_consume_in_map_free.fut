-- A map function may not consume an array from outside it.
-- ==
-- error: consumes

def main (xs: *[]i32) : [][]i32 = map (\i -> xs with [i] = 0) (iota 3)
