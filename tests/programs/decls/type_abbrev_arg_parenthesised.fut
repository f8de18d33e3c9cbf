-- An array type as the argument of an abbreviation needs parentheses.
-- ==
-- input { [1, 2, 3] } output { 6 3i64 }

type pair 'a = (a, a)

def both (p: pair ([]i32)) : (i32, i64) = (reduce (+) 0 p.0, length p.1)

entry main (xs: []i32) : (i32, i64) = both (xs, xs)
