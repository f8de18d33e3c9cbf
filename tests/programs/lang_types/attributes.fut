-- Attributes on expressions do not change results.
-- ==
-- input { 3 } output { 6 }

entry main (x: i32) : i32 =
  #[unroll] loop acc = 0 for i < x do #[trace] (acc + 2)
