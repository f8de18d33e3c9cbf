-- Ascribing a unique type to a value that may be consumed: a copy, or a unique parameter.
-- ==
-- input { [1, 2, 3] } output { [9, 2, 3] [1, 2, 3] }

entry main (xs: []i32) =
  let ys = (copy xs : *[]i32) with [0] = 9
  in (ys, xs)

-- ==
-- entry: unique_param
-- input { [4, 5] } output { [4, 0] }

entry unique_param (xs: *[]i32) = (xs : *[]i32) with [1] = 0
