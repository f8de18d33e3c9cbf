-- `random input` with constants among the types, as Futhark allows: unsuffixed integers
-- are i32, suffixed ones and floats keep their type; scalar types draw random values.
-- ==
-- random input { 10 [100]i32 } auto output
-- random input { 7 [5]i32 } output { 7i32 5i64 }

entry main (k: i32) (xs: []i32) : (i32, i64) = (k, length xs)

-- ==
-- entry: scaled
-- random input { 2.5f32 [3][4]f32 3i64 f64 } auto output
-- random input { 0.5f32 [2][2]f32 9i64 1f64 } output { 0.5f32 2i64 9i64 1f64 }

entry scaled (s: f32) (m: [][]f32) (n: i64) (x: f64) : (f32, i64, i64, f64) =
  (s, length m, n, if x >= 0 && x <= 1 then 1 else 0)
