-- Tuples, records and arrays compare structurally with `==`.
-- ==
-- input { 1 } output { true false true }
-- structure gpu { SegRed 1 }

entry main (x: i32) : (bool, bool, bool) =
  ((x, 2) == (1, 2), {a = x} == {a = 2}, [x, 2] == [1, 2])
