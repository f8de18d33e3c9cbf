-- Unsigned division and remainder.
-- ==
-- input { 250u8 7u8 } output { 35u8 5u8 }

entry main (a: u8) (b: u8) : (u8, u8) = (a / b, a % b)
