-- Indexing a one-dimensional array with two indices.
-- ==
-- error: error: too many indices \(2\) for a value of type `\[xs_len\]i32`

def f (xs: []i32) = xs[0, 1]
