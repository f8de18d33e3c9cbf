-- Using an alias of an array after the array was consumed.
-- ==
-- error: error: `v` is used here after being consumed

def f (xs: *[]i32) : i32 =
  let v = xs[0:2]
  let xs[1] = 5
  in v[0]
