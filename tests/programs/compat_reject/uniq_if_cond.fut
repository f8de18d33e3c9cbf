-- An array consumed in an if condition is used in a branch.
-- ==
-- error: consumed

def main (xs: *[]i32) : i32 = if (xs with [0] = 1)[0] > 0 then xs[1] else 0
