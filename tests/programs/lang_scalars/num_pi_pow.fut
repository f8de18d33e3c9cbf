-- `pi` and `pow`.
-- ==
-- input { 2.0 } output { 3.141592653589793 8.0 }

entry main (x: f64) : (f64, f64) = (f64.pi, f64.pow x 3.0)
