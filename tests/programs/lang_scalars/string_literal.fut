-- A string literal is an array of its UTF-8 bytes.
-- ==
-- input { 0 } output { 3i64 98u8 }

entry main (_x: i32) : (i64, u8) = let s = "abc" in (length s, s[1])
