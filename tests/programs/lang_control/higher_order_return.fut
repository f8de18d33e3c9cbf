-- A function that returns a function (partial application).
-- ==
-- input { 5 } output { 15 8 }

def adder (n: i32) : i32 -> i32 = \x -> x + n
def add3 (a: i32) (b: i32) (c: i32) = a + b + c

entry main (x: i32) : (i32, i32) =
  let f = adder 10
  let g = add3 1 2
  in (f x, g x)
