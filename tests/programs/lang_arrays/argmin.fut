-- The index of the smallest element with a tuple reduction.
-- ==
-- input { [4, 2, 7, 2] } output { 1i64 }

entry main (xs: []i32) : i64 =
  let (_, i) = reduce (\(a, i) (b, j) -> if a < b || (a == b && i < j) then (a, i) else (b, j))
                      (i32.highest, -1) (zip xs (indices xs))
  in i
