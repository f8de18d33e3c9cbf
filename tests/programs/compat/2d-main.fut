-- A file whose name is no C identifier (it starts with a digit and has a `-`) and whose only
-- entry point is a top-level `def main` (Futhark makes `main` an entry point without
-- `entry`). The C prefix becomes `fut_2d_main`; the generated code must build without
-- warnings, `--executable`'s driver included. No `-- entry:` line: cases run `main`.
-- ==
-- input { [[1, 2, 3], [4, 5, 6]] 2i64 }
-- output { [5, 7, 9] 7i64 }
-- input { [[1, 2], [3, 4], [5, 6]] 0i64 }
-- output { [9, 12] 2i64 }
-- input { empty([0][2]i32) 3i64 }
-- output { [0, 0] 2i64 }

-- A helper that is not an entry point.
def column_sums [n] [m] (xss: [n][m]i32) : [m]i32 =
  map (\j -> reduce (+) 0 (map (\row -> row[j]) xss)) (iota m)

def main [n] [m] (xss: [n][m]i32) (k: i64) : ([m]i32, i64) =
  (column_sums xss, k * n + m)
