-- A user-defined operator applied to operands of the wrong type.
-- ==
-- error: error: cannot unify `i32` with `f32`

def (<*>) (a: i32) (b: i32) : i32 = a * b

entry main (x: f32) : i32 = x <*> x
