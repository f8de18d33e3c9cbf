-- Indexing a scalar.
-- ==
-- error: error: cannot index into a value of type `i32`

def f (x: i32) = x[0]
