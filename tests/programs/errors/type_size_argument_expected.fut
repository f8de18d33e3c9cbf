-- A size parameter needs a size argument `[n]`, not a type.
-- ==
-- error: error: type `vec` expects a size `\[n\]` as argument 1

type vec [n] = [n]i32

def f (x: vec i32) : i32 = x[0]

entry main (x: i32) : i32 = x
