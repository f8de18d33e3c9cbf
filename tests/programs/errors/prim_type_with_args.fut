-- A primitive type applied to an argument.
-- ==
-- error: error: type `i32` takes no arguments

def f (x: i32 bool) = x
