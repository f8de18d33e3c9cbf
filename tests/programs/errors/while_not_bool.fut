-- A `while` condition must be boolean.
-- ==
-- error: error: cannot unify `bool` with `i32`

def f (x: i32) = loop y = x while y do y - 1
