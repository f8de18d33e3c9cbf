-- An abbreviation with one size parameter given two arguments.
-- ==
-- error: error: type `vec` expects 1 argument\(s\), got 2

type vec [n] = [n]i32

def f (x: vec [2] i32) : i32 = 0

entry main (x: i32) : i32 = x
