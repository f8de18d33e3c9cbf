-- `<|` applies the left operand to the right.
-- ==
-- input { 4 } output { 10 }

def double (x: i32) = 2 * x
def inc (x: i32) = x + 1

entry main (x: i32) : i32 = inc <| inc <| double x
