-- A local function without annotations is used at two types.
-- ==
-- input { 2 1.5 } output { 4 3.0 }

entry main (x: i32) (y: f64) : (i32, f64) =
  let dup v = (v, v)
  let (a, b) = dup x
  let (c, d) = dup y
  in (a + b, c + d)
