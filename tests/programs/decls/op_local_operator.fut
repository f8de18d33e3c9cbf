-- A `local` operator.
-- ==
-- input { 6 4 } output { 5 }

local def (//!) (a: i32) (b: i32) : i32 = (a + b) / 2

entry main (a: i32) (b: i32) : i32 = a //! b
