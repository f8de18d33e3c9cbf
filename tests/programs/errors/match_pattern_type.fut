-- A literal pattern of the wrong type.
-- ==
-- error: error: cannot unify `bool` with

def f (x: bool) = match x case 1 -> 0 case _ -> 1
