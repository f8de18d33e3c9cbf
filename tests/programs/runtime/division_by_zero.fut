-- Integer division by zero fails at run time.
-- ==
-- input { 7 0 } error: division by zero
-- input { 7 2 } output { 3 }

entry main (a: i32) (b: i32) : i32 = a / b
