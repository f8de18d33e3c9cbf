-- A unique parameter whose type is an abbreviation.
-- ==
-- input { [1, 2] } output { [42, 2] }

type buf [n] = [n]i32

def set0 [n] (b: *buf [n]) : *buf [n] = b with [0] = 42

entry main (xs: *[]i32) : []i32 = set0 xs
