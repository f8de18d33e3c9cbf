-- A sum type with payloads, matched by constructor.
-- ==
-- input { 2.0 3.0 } output { 12.0 6.0 0.0 }

type shape = #circle f64 | #rect f64 f64 | #empty

def area (s: shape) : f64 =
  match s
  case #circle r -> 3.0 * r * r
  case #rect w h -> w * h
  case #empty -> 0.0

entry main (a: f64) (b: f64) : (f64, f64, f64) =
  (area (#circle a), area (#rect a b), area #empty)
