-- Shifts bind looser than `+` and tighter than comparisons; bitwise ops are looser still.
-- ==
-- input { 1 } output { 16 true 3 }

entry main (x: i32) : (i32, bool, i32) = (x << 3 + 1, 1 << 2 == 4, 7 & 12 >> 2)
