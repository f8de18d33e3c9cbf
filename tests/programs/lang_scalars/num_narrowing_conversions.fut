-- Narrowing integer conversions keep the low bits.
-- ==
-- input { 300 } output { 44u8 44i8 -1i8 255u8 }

entry main (x: i32) : (u8, i8, i8, u8) = (u8.i32 x, i8.i32 x, i8.i32 255, u8.i8 (-1))
