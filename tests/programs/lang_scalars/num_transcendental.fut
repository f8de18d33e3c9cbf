-- `exp`, `log`, `sin` and `cos` at points with exact results.
-- ==
-- input { 0.0 } output { 1.0 0.0 0.0 1.0 }

entry main (x: f64) : (f64, f64, f64, f64) = (f64.exp x, f64.log 1.0, f64.sin x, f64.cos x)
