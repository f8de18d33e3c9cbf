-- The extreme values of integer types.
-- ==
-- input { 0 } output { -128i8 127i8 0u16 65535u16 -2147483648 }

entry main (_x: i32) : (i8, i8, u16, u16, i32) =
  (i8.lowest, i8.highest, u16.lowest, u16.highest, i32.lowest)
