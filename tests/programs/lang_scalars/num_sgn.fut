-- `sgn` of negative, zero and positive numbers.
-- ==
-- input { -5 } output { -1 0 1 }

entry main (x: i32) : (i32, i32, i32) = (i32.sgn x, i32.sgn 0, i32.sgn (-x))
