-- A function used infix with backticks binds more loosely than `+`.
-- ==
-- input { 1.0 3.0 } output { 2.0 2.5 }

def avg (a: f64) (b: f64) : f64 = (a + b) / 2

entry main (a: f64) (b: f64) : (f64, f64) = (a `avg` b, a `avg` b + 1.0)
