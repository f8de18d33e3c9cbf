-- A function argument whose parameter type differs from the expected one.
-- ==
-- error: error: cannot unify `i32 -> i32` with `\(y: f32\) -> f32`

def app (f: i32 -> i32) (x: i32) : i32 = f x

entry main (x: f32) : f32 = app (\(y: f32) -> y) x
