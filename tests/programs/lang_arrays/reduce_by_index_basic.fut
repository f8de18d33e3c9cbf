-- `reduce_by_index` combines values into bins.
-- ==
-- input { [1i64, 0i64, 1i64, 3i64] } output { [1, 8, 0, 10] }

entry main (is: []i64) : []i32 =
  reduce_by_index (replicate 4 0) (+) 0 is (map (\i -> 2 * i32.i64 i + 1 + i32.i64 i) is)
