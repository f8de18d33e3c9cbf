-- Projecting component 2 of a pair.
-- ==
-- error: error: type `\(i32, i32\)` has no field `2`

def f (p: (i32, i32)) = p.2
