-- Two unique return components may not share storage.
-- ==
-- error: unique.*alias

def f (a: *[]i32) : (*[]i32, *[]i32) = (a, a)
def main (xs: *[]i32) : i32 = let (a, b) = f xs in a[0] + b[0]
