-- `local` definitions are usable in the same file.
-- ==
-- input { 3 } output { 9 }

local def square (x: i32) = x * x

entry main (x: i32) : i32 = square x
