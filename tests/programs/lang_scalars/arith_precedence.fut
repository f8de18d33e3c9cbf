-- `*` and `/` bind tighter than `+` and `-`; all associate left.
-- ==
-- input { 1 } output { 5 -4 }

entry main (x: i32) : (i32, i32) = (x + 2 * 3 - 4 / 2, x - 2 - 3)
