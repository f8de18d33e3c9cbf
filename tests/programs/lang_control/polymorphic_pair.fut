-- Type parameters in tuples: swapping a pair.
-- ==
-- input { 1 true } output { true 1 }

def swap 'a 'b ((x, y): (a, b)) : (b, a) = (y, x)

entry main (x: i32) (b: bool) : (bool, i32) = swap (x, b)
