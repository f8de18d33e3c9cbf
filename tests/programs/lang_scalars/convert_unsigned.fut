-- Converting a signed integer to an unsigned type takes its bits as unsigned: a negative
-- value zero-extends (`u64.i32 (-1)` is 2^32 - 1), and a narrower type keeps the low bits.
-- A signed target sign-extends, and a narrower signed source zero-extends to an unsigned one.
-- ==
-- entry: widen
-- input { [-1i32, 5i32, -2147483648i32] }
-- output { [4294967295u64, 5u64, 2147483648u64] [-1i64, 5i64, -2147483648i64] }

entry widen (xs: []i32) = (map u64.i32 xs, map i64.i32 xs)

-- ==
-- entry: narrow
-- input { [-1i32, 300i32, 65537i32] } output { [255u8, 44u8, 1u8] [65535u16, 300u16, 1u16] }

entry narrow (xs: []i32) = (map u8.i32 xs, map u16.i32 xs)

-- ==
-- entry: small_signed
-- input { [-1i8, -128i8, 127i8] } output { [255u32, 128u32, 127u32] [255u16, 128u16, 127u16] }

entry small_signed (xs: []i8) = (map u32.i8 xs, map u16.i8 xs)
