-- Abbreviations defined in terms of other abbreviations.
-- ==
-- input { 0 0 3 4 } output { 25 }

type point = (i32, i32)
type segment = (point, point)

def len2 (s: segment) : i32 =
  let dx = s.1.0 - s.0.0
  let dy = s.1.1 - s.0.1
  in dx * dx + dy * dy

entry main (a: i32) (b: i32) (c: i32) (d: i32) : i32 = len2 ((a, b), (c, d))
