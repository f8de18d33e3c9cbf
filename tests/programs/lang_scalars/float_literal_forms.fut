-- Float literals with fractions, exponents and suffixes.
-- ==
-- input { 0.0 } output { 1.5f32 2000.0 0.25 0.01f32 3.0f32 }

entry main (x: f64) : (f32, f64, f64, f32, f32) = (1.5f32, 2e3 + x, 0.25, 1.0e-2f32, 3f32)
