-- A size name that is not in scope.
-- ==
-- error: error: unknown size `n`

def f (x: [n]i32) = x
