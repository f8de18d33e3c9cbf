-- A parameter of type `vec [3]` is checked at run time when the size is not known.
-- ==
-- input { [1, 2, 3] } output { 6 }
-- input { [1, 2] } error: size

type vec [n] = [n]i32

def three (xs: vec [3]) : i32 = xs[0] + xs[1] + xs[2]

entry main (xs: []i32) : i32 = three xs
