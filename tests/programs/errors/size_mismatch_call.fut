-- Two arguments of a `[n]` function with different constant sizes.
-- ==
-- error: error: size mismatch in call of `dot`: size `n` is `3` \(from the first argument\) but `2` here \(from the second argument\)[\s\S]*note: `n` = `3` comes from this argument

def dot [n] (xs: [n]i32) (ys: [n]i32) : i32 = i32.sum (map2 (*) xs ys)

def f = dot [1, 2, 3] [4, 5]
