-- Conversions between integer and float types; float to int truncates toward zero.
-- ==
-- input { 7 } output { 7.0f32 3 -3 7i64 7.5 }

entry main (x: i32) : (f32, i32, i32, i64, f64) =
  (f32.i32 x, i32.f32 3.9, i32.f64 (-3.9), i64.i32 x, f64.i32 x + 0.5)
