-- A function name in backticks is an infix operator.
-- ==
-- input { 3 } output { 13 }

def addmul (a: i32) (b: i32) = a * 4 + b

entry main (x: i32) : i32 = x `addmul` 1
