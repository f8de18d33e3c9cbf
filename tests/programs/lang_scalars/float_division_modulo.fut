-- Float division and `%` on floats.
-- ==
-- input { 7.0 2.0 } output { 3.5 1.0 }

entry main (a: f64) (b: f64) : (f64, f64) = (a / b, a % b)
