-- Record patterns with literal fields and punned names.
-- ==
-- input { 5 6 } output { 6 }
-- input { 4 6 } output { 4 }

entry main (a: i32) (b: i32) : i32 =
  match {a, b}
  case {a = 5, b} -> b
  case {a, b = _} -> a
