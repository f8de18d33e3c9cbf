-- The size given by an abbreviation's argument is checked at calls.
-- ==
-- error: error: size mismatch: the first argument of `three` has size `2` but the parameter's type requires `3`

type vec [n] = [n]i32

def three (xs: vec [3]) : i32 = xs[0]

entry main : i32 = three [1, 2]
