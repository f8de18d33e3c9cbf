-- Every integer suffix gives its literal that type.
-- ==
-- input { 1i8 } output { 2i8 2i16 3u16 4u32 5u64 -6i64 }

entry main (x: i8) : (i8, i16, u16, u32, u64, i64) = (x + 1i8, 2i16, 3u16, 4u32, 5u64, -6i64)
