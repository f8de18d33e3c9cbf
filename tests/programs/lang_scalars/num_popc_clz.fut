-- Population count and count of leading zeros.
-- ==
-- input { 11 } output { 3 28 0 32 }

entry main (x: i32) : (i32, i32, i32, i32) = (i32.popc x, i32.clz x, i32.clz (-1), i32.clz 0)
