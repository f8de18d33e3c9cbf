-- `sqrt` and `abs` on floats and integers.
-- ==
-- input { -9 16.0f32 } output { 9 4.0f32 2.5 }

entry main (x: i32) (y: f32) : (i32, f32, f64) = (i32.abs x, f32.sqrt y, f64.abs (-2.5))
