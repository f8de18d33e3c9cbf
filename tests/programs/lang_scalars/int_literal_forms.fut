-- Decimal, hexadecimal, binary and underscored integer literals.
-- ==
-- input { 1 } output { 256 10 1000 42i64 }

entry main (x: i32) : (i32, i32, i32, i64) = (x + 0xff, 0b1010, 1_000, 42i64)
