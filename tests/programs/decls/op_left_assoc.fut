-- User operators starting with `-` associate to the left.
-- ==
-- input { 10 3 2 } output { 5 9 }

def (-!) (a: i32) (b: i32) : i32 = a - b

entry main (a: i32) (b: i32) (c: i32) : (i32, i32) = (a -! b -! c, a -! (b -! c))
