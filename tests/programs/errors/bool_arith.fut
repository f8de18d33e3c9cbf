-- Adding booleans.
-- ==
-- error: cannot unify `bool` with a numeric type

def f (a: bool) = a + a
