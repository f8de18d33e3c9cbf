-- Tuple construction, projection with `.0` and nested tuples.
-- ==
-- input { 1 } output { 1 3 6 }

entry main (x: i32) : (i32, i32, i32) =
  let t = (x, (2, 3))
  let u = (t.0, t.1.1, t.1.0 * t.1.1)
  in u
