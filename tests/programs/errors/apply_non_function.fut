-- Applying an integer to an argument.
-- ==
-- error: 5:20: error: cannot apply a value of type `i32` to an argument; it is not a function

def f (x: i32) = x 1
