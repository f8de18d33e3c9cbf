-- Using an array after passing it for a unique parameter.
-- ==
-- error: 9:6: error: `a` is used here after being consumed[\s\S]*8:13: note: `a` was consumed here

def g (xs: *[]i32) : *[]i32 = xs with [0] = 0

def f (a: *[]i32) : i32 =
  let b = g a
  in a[0] + b[0]
