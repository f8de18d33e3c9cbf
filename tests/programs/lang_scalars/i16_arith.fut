-- 16-bit arithmetic with wrap-around.
-- ==
-- input { 30000i16 } output { -5536i16 }

entry main (x: i16) : i16 = x + 30000
