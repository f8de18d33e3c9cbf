-- Unannotated literals default to i32 and f64.
-- ==
-- input { 0 } output { 7 2.5 }

entry main (x: i32) : (i32, f64) =
  let a = 3
  let b = 2.5
  in (x + a + 4, b)
