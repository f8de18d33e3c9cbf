-- Type ascriptions on expressions and patterns.
-- ==
-- input { 2 } output { 2i64 [1, 2, 3] }

entry main (x: i32) : (i64, []i32) =
  let y : i64 = i64.i32 x
  in (y, [1, x, 3] : [3]i32)
