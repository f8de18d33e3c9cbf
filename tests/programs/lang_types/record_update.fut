-- `r with f = v` and nested `r with a.b = v`.
-- ==
-- input { 1 } output { 1 10 20 3 }

entry main (x: i32) : (i32, i32, i32, i32) =
  let r = {a = {b = x, c = 3}, d = 2}
  let r2 = r with d = 10
  let r3 = r2 with a.b = 20
  in (r.a.b, r2.d, r3.a.b, r3.a.c)
