-- A user operator on tuples.
-- ==
-- input { 1 2 3 4 } output { 4 6 }

def (+!+) (a: (i32, i32)) (b: (i32, i32)) : (i32, i32) = (a.0 + b.0, a.1 + b.1)

entry main (a: i32) (b: i32) (c: i32) (d: i32) : (i32, i32) = (a, b) +!+ (c, d)
