-- A loop body whose type differs from the loop parameter's.
-- ==
-- error: error: cannot unify `i32` with `bool`

def f (n: i64) = loop acc = 0i32 for i < n do acc > 1
