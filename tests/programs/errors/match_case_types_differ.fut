-- Cases of a `match` returning different types.
-- ==
-- error: error: cannot unify `i32` with `bool`

def f (x: i32) = match x case 0 -> 1i32 case _ -> false
