-- `local` definitions may use each other.
-- ==
-- input { 5 } output { 7 }

local def helper (x: i32) : i32 = x + 1
local def helper2 (x: i32) : i32 = helper (helper x)

entry main (x: i32) : i32 = helper2 x
