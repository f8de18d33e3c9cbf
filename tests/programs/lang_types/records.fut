-- Record construction, field access, punning and field order.
-- ==
-- input { 2 } output { 2 5 7 }

entry main (x: i32) : (i32, i32, i32) =
  let y = 5
  let r = {y, x = x}
  let s = {b = r.x + r.y, a = 0}
  in (r.x, r.y, s.b + s.a)
