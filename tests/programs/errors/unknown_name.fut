-- A name that is not bound.
-- ==
-- error: 5:18: error: unknown name `y`

def f (x: i32) = y + x
