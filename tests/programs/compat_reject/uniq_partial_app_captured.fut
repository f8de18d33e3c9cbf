-- A partial application keeps its array argument: using it after the array was
-- updated in place reads consumed storage.
-- ==
-- error: `get` is used here after being consumed[\s\S]*note: `xs` was consumed here

def pick (arr: []f64) (i: i64) : f64 = arr[i]

def main (xs: *[]f64) : f64 =
  let get = pick xs
  let ys = xs with [0] = 1
  in get 0 + ys[1]
