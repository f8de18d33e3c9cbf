-- An abbreviation with two size parameters.
-- ==
-- input { [[1, 2, 3], [4, 5, 6]] } output { 2i64 3i64 21 }

type matrix [n][m] = [n][m]i32

def dims [n][m] (a: matrix [n] [m]) : (i64, i64) = (n, m)
def total [n][m] (a: matrix [n] [m]) : i32 = reduce (+) 0 (flatten a)

entry main (a: [][]i32) : (i64, i64, i32) = let (r, c) = dims a in (r, c, total a)
