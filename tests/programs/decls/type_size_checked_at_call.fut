-- A parameter of type `vec [3]` takes an array of unknown size through a size coercion,
-- which is checked at run time.
-- ==
-- input { [1, 2, 3] } output { 6 }
-- input { [1, 2] } error: size

type vec [n] = [n]i32

def three (xs: vec [3]) : i32 = xs[0] + xs[1] + xs[2]

entry main (xs: []i32) : i32 = three (xs :> vec [3])
