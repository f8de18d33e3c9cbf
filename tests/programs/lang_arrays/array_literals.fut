-- One- and two-dimensional array literals.
-- ==
-- input { 1 } output { [1, 2, 3] [[1, 2], [3, 4]] 3i64 }

entry main (x: i32) : ([]i32, [][]i32, i64) =
  let a = [x, 2, 3]
  let b = [[x, 2], [3, 4]]
  in (a, b, length a)
