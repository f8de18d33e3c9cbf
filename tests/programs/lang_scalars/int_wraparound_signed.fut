-- Signed overflow wraps around two's complement.
-- ==
-- input { 127i8 2147483647 } output { -128i8 -2147483648 -2 }

entry main (a: i8) (b: i32) : (i8, i32, i32) = (a + 1, b + 1, b * 2)
