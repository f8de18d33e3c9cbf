-- An entry point over an array of tuples built with zip.
-- ==
-- input { [1, 2, 3] [4.0, 5.0, 6.0] } output { 32.0 }

entry main [n] (a: [n]i32) (b: [n]f64) : f64 =
  reduce (+) 0.0 (map (\(x, y) -> f64.i32 x * y) (zip a b))
