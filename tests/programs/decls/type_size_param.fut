-- A size parameter of a type abbreviation binds the size parameter of a function.
-- ==
-- input { [5, 6, 7] } output { 3i64 }
-- input { empty([0]i32) } output { 0i64 }

type vec [n] = [n]i32

def len [n] (xs: vec [n]) : i64 = n

entry main (xs: []i32) : i64 = len xs
