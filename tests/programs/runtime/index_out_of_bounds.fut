-- Indexing past the end of an array fails at run time.
-- ==
-- input { [1, 2, 3] 3i64 } error: index (\[3\] out of bounds for array of shape \[3\]|out of bounds at .*:6:\d+)
-- input { [1, 2, 3] 2i64 } output { 3 }

entry main (xs: []i32) (i: i64) : i32 = xs[i]
