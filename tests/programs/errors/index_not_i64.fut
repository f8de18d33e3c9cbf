-- Array indices are i64.
-- ==
-- error: error: cannot unify `i64` with `bool`

def f (xs: []i32) = xs[true]
