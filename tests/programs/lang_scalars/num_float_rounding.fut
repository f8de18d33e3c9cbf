-- `floor`, `ceil`, `round` and `trunc` on negative and positive values.
-- ==
-- input { -2.5 } output { -3.0 -2.0 -2.0 2.0 }

entry main (x: f64) : (f64, f64, f64, f64) = (f64.floor x, f64.ceil x, f64.trunc x, f64.round 1.6)
