-- Unsigned arithmetic is modular.
-- ==
-- input { 0u8 255u16 } output { 255u8 0u16 254u8 }

entry main (a: u8) (b: u16) : (u8, u16, u8) = (a - 1, b * 257 + 1, 127u8 * 2)
