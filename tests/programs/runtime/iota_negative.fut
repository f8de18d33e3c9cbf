-- `iota` of a negative size fails. (The interpreter also names the size; compiled code
-- names the source location.)
-- ==
-- input { -2i64 } error: iota of negative size
-- input { 0i64 } output { empty([0]i64) }

entry main (n: i64) : []i64 = iota n
