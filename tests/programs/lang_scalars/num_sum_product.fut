-- Namespace reductions `sum`, `product`, `maximum`, `minimum`.
-- ==
-- input { [2, 5, 3] } output { 10 30 5 2 }

entry main (xs: []i32) : (i32, i32, i32, i32) =
  (i32.sum xs, i32.product xs, i32.maximum xs, i32.minimum xs)
