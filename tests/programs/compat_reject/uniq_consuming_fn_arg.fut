-- A function that consumes its argument, passed for a parameter whose type does not
-- consume: `twice` could apply it to a value it still uses afterwards.
-- ==
-- error: fut:11:9: error: cannot pass `reset`, a function consuming its argument, for the parameter `f` of `twice`

def twice 'a (f: a -> a) (x: a) : (a, a) = (f x, f x)

def reset [n] (xs: *[n]i32) : [n]i32 = xs with [0] = 0

entry main [n] (arr: *[n]i32) : ([n]i32, [n]i32) =
  twice reset arr
