-- A `for` loop bound must be an integer.
-- ==
-- error: cannot unify `f64` with an integer type \(required by a `for` loop bound\)

def f (x: f64) = loop acc = 0 for i < x do acc + 1
