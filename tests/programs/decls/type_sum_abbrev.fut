-- A sum type abbreviation with payloads.
-- ==
-- input { 2 3 } output { 21 }

type shape = #circle i32 | #square i32

def area (s: shape) : i32 =
  match s
  case #circle r -> 3 * r * r
  case #square a -> a * a

entry main (r: i32) (a: i32) : i32 = area (#circle r) + area (#square a)
