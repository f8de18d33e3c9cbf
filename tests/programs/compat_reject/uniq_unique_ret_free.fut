-- A unique return value may not alias a variable from outside the function.
-- ==
-- error: unique

def main (xs: []i32) : *[]i32 = let f (i: i32) : *[]i32 = xs in f 0
