-- A type variable that is not a parameter of the definition.
-- ==
-- error: error: unknown type `a`

def f (x: a) : a = x

entry main (x: i32) : i32 = x
