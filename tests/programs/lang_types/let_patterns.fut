-- Let with tuple, record, wildcard and ascribed patterns.
-- ==
-- input { 5 } output { 17 }

entry main (x: i32) : i32 =
  let (a, b) = (x, 2)
  let {c, d = e} = {c = 3, d = 4}
  let (_, f) = (100, 3)
  let (g: i32) = 0
  in a + b + c + e + f + g - 0
