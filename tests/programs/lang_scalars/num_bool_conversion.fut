-- Booleans convert to integers as 0 and 1.
-- ==
-- input { true } output { 1 0i64 }

entry main (b: bool) : (i32, i64) = (i32.bool b, i64.bool (!b))
