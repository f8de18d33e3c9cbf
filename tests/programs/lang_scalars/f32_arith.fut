-- Single-precision arithmetic.
-- ==
-- input { 1.5f32 } output { 3.75f32 }

entry main (x: f32) : f32 = x * 2.0 + 0.75
