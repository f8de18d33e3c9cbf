-- A hexadecimal float needs its binary exponent (`0x1.8p0`), as Futhark's reference says.
-- ==
-- error: 5:33: error: invalid number `0x1.8`

entry main (x: f32) : f32 = x + 0x1.8
