-- An abbreviation for an array of constant size.
-- ==
-- input { [4, 5, 6] } output { 15 }

type triple = [3]i32

def sum3 (t: triple) : i32 = t[0] + t[1] + t[2]

entry main (xs: []i32) : i32 = sum3 (xs :> triple)
