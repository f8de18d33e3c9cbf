-- Size parameters are bound from argument shapes and usable as values.
-- ==
-- input { [[1, 2, 3], [4, 5, 6]] } output { 2i64 3i64 21 }

def dims [n] [m] (xss: [n][m]i32) : (i64, i64) = (n, m)
def total [n] (xs: [n]i32) : i32 = loop s = 0 for i < n do s + xs[i]

entry main (xss: [][]i32) : (i64, i64, i32) =
  let (n, m) = dims xss
  in (n, m, total (flatten xss))
