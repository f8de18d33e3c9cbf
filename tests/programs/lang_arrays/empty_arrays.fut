-- Empty arrays from ranges and filters.
-- ==
-- input { [1, 2, 3] } output { empty([0]i32) 0i64 }

entry main (xs: []i32) : ([]i32, i64) = (filter (> 5) xs, length (0..<0 : []i32))
