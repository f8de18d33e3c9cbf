-- `**` on integers and floats binds tighter than `*`.
-- ==
-- input { 3 } output { 18 8.0 }

entry main (x: i32) : (i32, f64) = (2 * x ** 2, 2.0 ** 3.0)
