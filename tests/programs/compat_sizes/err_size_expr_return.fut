-- A body of size `n+n` does not have the declared result size `n+1`.
-- ==
-- error: fut:6:3: error: size mismatch: size `n\+1` differs from size `2\*n`

def twice [n] (xs: [n]i32) : [n+1]i32 =
  xs ++ xs
