-- A size expression may only name `i64` values in scope.
-- ==
-- error: fut:5:29: error: unknown size `q`

def f [n] (xs: [n]i32) : [n+q]i32 = xs ++ xs

entry main (xs: []i32) : []i32 = f xs
