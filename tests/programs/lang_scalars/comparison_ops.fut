-- All comparison operators on integers.
-- ==
-- input { 3 4 } output { true true false false true false }

entry main (a: i32) (b: i32) : (bool, bool, bool, bool, bool, bool) =
  (a < b, a <= b, a > b, a >= b, a != b, a == b)
