-- Imported type abbreviations with size parameters.
-- ==
-- input { [[1, 2, 3], [4, 5, 6]] } output { 2i64 3i64 [6, 15] }

import "lib/shapes"

entry main [n][m] (a: [n][m]i32) : (i64, i64, [n]i32) = (rows a, cols a, row_sums a)
