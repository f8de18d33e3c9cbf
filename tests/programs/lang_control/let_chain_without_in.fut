-- Consecutive lets need only one `in`.
-- ==
-- input { 2 } output { 12 }

entry main (x: i32) : i32 =
  let y = x + 1
  let z = y * 4
  in z
