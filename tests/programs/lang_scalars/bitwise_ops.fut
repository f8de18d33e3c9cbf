-- Bitwise and, or, xor, shifts and logical right shift.
-- ==
-- input { 12 10 } output { 8 14 6 48 3 }

entry main (a: i32) (b: i32) : (i32, i32, i32, i32, i32) = (a & b, a | b, a ^ b, a << 2, a >> 2)
