-- A local function that captured an array is called after the array was consumed.
-- ==
-- error: consumed

def main (xs: *[]i32) : i32 = let get (i: i64) = xs[i] let xs[0] = 1 in get 1
