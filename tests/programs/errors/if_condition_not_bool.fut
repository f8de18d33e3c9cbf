-- The condition of `if` must be a boolean.
-- ==
-- error: 5:21: error: cannot unify `bool` with `i32`

def f (x: i32) = if x then 1 else 2
