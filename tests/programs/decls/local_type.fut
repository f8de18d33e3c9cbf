-- A `local` type abbreviation is usable in its own file.
-- ==
-- input { 3 } output { 6 }

local type t = i32

def f (x: t) : t = x * 2

entry main (x: i32) : i32 = f x
