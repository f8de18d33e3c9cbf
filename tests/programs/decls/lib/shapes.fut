-- Type abbreviations with size parameters (no test block).

type row [n] = [n]i32
type matrix [n][m] = [n][m]i32

def rows [n][m] (a: matrix [n] [m]) : i64 = n
def cols [n][m] (a: matrix [n] [m]) : i64 = m
def row_sums [n][m] (a: matrix [n] [m]) : row [n] = map (\(r: row [m]) -> reduce (+) 0 r) a
