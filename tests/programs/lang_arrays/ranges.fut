-- Inclusive, exclusive, stepped and downward ranges.
-- ==
-- input { 0 } output { [0, 1, 2, 3] [0, 1, 2, 3, 4] [0, 3, 6, 9] [5, 4, 3, 2, 1] [10, 8, 6] }

entry main (x: i32) : ([]i32, []i32, []i32, []i32, []i32) =
  (x..<4, x..4, x..3..<10, 5..>x, 10..8..6)
