-- A function that returns a function.
-- ==
-- input { 5 } output { 15 6 }

def adder (n: i32) : i32 -> i32 = \x -> x + n

entry main (x: i32) : (i32, i32) = let f = adder 10 in (f x, (adder 1) x)
