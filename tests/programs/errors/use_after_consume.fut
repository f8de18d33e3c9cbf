-- Using an array after an in-place update consumed it.
-- ==
-- error: 7:6: error: `xs` is used here after being consumed[\s\S]*6:12: note: `xs` was consumed here

def f (xs: *[]i32) : i32 =
  let ys = xs with [0] = 1
  in xs[0] + ys[0]
