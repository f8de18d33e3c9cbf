-- Scans inside a kernel: each thread scans its row (of the input, or of its transpose)
-- sequentially, straight into its row of the result.
-- ==
-- entry: scan_rows
-- input { [[1, 2, 3], [4, -5, 6]] } output { [[2, 6, 12], [8, -2, 10]] }
-- compiled random input { [2000][64]i32 } auto output

entry scan_rows (a: [][]i32) : [][]i32 = map (\row -> scan (+) 0 (map (* 2) row)) a

-- ==
-- entry: scan_cols
-- input { [[1, 2, 3], [4, -5, 6]] } output { [[1, 5], [2, -3], [3, 9]] }

entry scan_cols (a: [][]i32) : [][]i32 = map (\col -> scan (+) 0 col) (transpose a)
