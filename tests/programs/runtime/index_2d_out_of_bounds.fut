-- The second index of a two-dimensional array is checked too.
-- ==
-- input { [[1, 2], [3, 4]] 5i64 } error: index (\[1, 5\] out of bounds for array of shape \[2\]\[2\]|out of bounds at .*:5:\d+)

entry main (m: [][]i32) (j: i64) : i32 = m[1, j]
