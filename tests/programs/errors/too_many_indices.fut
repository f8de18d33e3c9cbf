-- Indexing a one-dimensional array with two indices.
-- ==
-- error: fut:5:26: error: too many indices \(2\) for a value of type `\[n\]i32`

def f [n] (xs: [n]i32) = xs[0, 1]
