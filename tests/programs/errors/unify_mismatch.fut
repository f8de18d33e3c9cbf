-- Returning an i32 where f32 is declared.
-- ==
-- error: 5:24: error: cannot unify `f32` with `i32`

def f (x: i32) : f32 = x
