-- `match` on integer literals, a negative literal and a wildcard.
-- ==
-- input { 0 } output { 100 }
-- input { -1 } output { 200 }
-- input { 7 } output { 7 }

entry main (x: i32) : i32 =
  match x
  case 0 -> 100
  case -1 -> 200
  case _ -> x
