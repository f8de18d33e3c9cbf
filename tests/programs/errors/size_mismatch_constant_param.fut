-- An argument whose size differs from a constant parameter size.
-- ==
-- error: error: size mismatch: the first argument of `g` has size `2` but the parameter's type requires `3`

def g (xs: [3]i32) = xs[0]

def f = g [1, 2]
