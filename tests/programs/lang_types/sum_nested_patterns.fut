-- Constructor patterns nested in tuples, with literal payload patterns.
-- ==
-- input { 1 } output { 10 }
-- input { 2 } output { 22 }
-- input { 3 } output { 0 }

type opt = #some i32 | #none

def classify (o: opt, k: i32) : i32 =
  match (o, k)
  case (#some 1, _) -> 10
  case (#some x, k) -> x * 10 + k
  case (#none, _) -> 0

entry main (x: i32) : i32 = classify (if x < 3 then #some x else #none, 2)
