-- The rows of an array literal must have the same size.
-- ==
-- error: fut:5:63: error: size mismatch: size `n` differs from size `m`

entry main [n] [m] (xs: [n]i32) (ys: [m]i32) : [][]i32 = [xs, ys]
