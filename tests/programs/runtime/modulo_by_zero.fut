-- Integer remainder by zero fails too.
-- ==
-- input { 7 0 } error: division by zero

entry main (a: i32) (b: i32) : i32 = a % b
