-- A `filter` result does not have the declared size `n`.
-- ==
-- error: fut:5:35: error: size mismatch: size `n` differs from size `ext'[0-9]+`[\s\S]*note: `n` is a size parameter of `f`[\s\S]*note: `ext'[0-9]+` is the size of the result of `filter` here

def f [n] (xs: [n]i32) : [n]i32 = filter (> 0) xs
