-- The two branches of `if` have different types.
-- ==
-- error: error: cannot unify `i32` with `bool`

def f (b: bool) = if b then 1i32 else true
