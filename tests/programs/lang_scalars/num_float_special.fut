-- Infinity and NaN tests.
-- ==
-- input { 0.0 } output { true true false }

entry main (x: f64) : (bool, bool, bool) =
  (f64.isinf (1.0 / x), f64.isnan (x / x), f64.isnan 1.0)
