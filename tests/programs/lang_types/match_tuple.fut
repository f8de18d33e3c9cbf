-- Tuple patterns mixing literals and variables; first match wins.
-- ==
-- input { 1 5 } output { 5 }
-- input { 2 5 } output { 7 }
-- input { 0 0 } output { -1 }

entry main (a: i32) (b: i32) : i32 =
  match (a, b)
  case (1, y) -> y
  case (0, 0) -> -1
  case (x, y) -> x + y
