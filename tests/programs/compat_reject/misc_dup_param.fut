-- Two parameters of one function with the same name.
-- ==
-- error: bound twice

def main (x: i32) (x: i32) : i32 = x
