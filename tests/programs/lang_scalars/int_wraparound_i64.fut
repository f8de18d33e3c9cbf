-- 64-bit overflow wraps too.
-- ==
-- input { 9223372036854775807i64 } output { -9223372036854775808i64 }

entry main (x: i64) : i64 = x + 1
