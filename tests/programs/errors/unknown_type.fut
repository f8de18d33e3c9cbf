-- A type that is not defined.
-- ==
-- error: 5:11: error: unknown type `vec`

def f (x: vec) = x
