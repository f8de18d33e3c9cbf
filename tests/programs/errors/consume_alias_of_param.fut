-- Consuming a variable that aliases a non-unique parameter.
-- ==
-- error: error: cannot consume `ys`, which aliases the non-unique parameter `xs`

def f (xs: []i32) : []i32 =
  let ys = xs[1:]
  in ys with [0] = 1
