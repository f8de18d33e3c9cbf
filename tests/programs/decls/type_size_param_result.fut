-- An abbreviation with a size parameter in a parameter and in the result.
-- ==
-- input { [1, 2] } output { [2, 3] }

type vec [n] = [n]i32

def incr [n] (xs: vec [n]) : vec [n] = map (+ 1) xs

entry main (xs: []i32) : []i32 = incr xs
