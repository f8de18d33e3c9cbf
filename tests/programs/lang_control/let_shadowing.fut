-- A later binding of the same name shadows the earlier one.
-- ==
-- input { 2 } output { 7 }

entry main (x: i32) : i32 =
  let x = x + 1
  let x = x * 2
  in x + 1
