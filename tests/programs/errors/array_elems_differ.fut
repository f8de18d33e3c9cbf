-- Array literal elements of different types.
-- ==
-- error: error: cannot unify `i32` with `bool`

def f = [1i32, true]
