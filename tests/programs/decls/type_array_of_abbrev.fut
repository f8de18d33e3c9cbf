-- An array of an abbreviation with a size parameter, inside another abbreviation.
-- ==
-- input { [[1, 2], [3, 4]] } output { 10 4i64 }

type vec [n] = [n]i32
type rows [m][n] = [m](vec [n])

def total [m][n] (a: rows [m] [n]) : i32 = reduce (+) 0 (map (\r -> reduce (+) 0 r) a)
def cells [m][n] (a: rows [m] [n]) : i64 = m * n

entry main (a: [][]i32) : (i32, i64) = (total a, cells a)
