-- Shifting a float.
-- ==
-- error: cannot unify `f32` with an integer type \(required by operator `<<`\)

def f (x: f32) = x << x
