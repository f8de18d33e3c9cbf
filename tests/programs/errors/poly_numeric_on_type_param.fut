-- A type parameter is not known to be numeric.
-- ==
-- error: error: cannot unify `a` with a numeric type

def inc 'a (x: a) : a = x + 1

entry main (x: i32) : i32 = inc x
