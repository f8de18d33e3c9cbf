-- Projecting a field a record does not have.
-- ==
-- error: error: type `\{x: i32\}` has no field `y`

def f (r: {x: i32}) = r.y
