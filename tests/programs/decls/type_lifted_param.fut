-- A lifted abbreviation with a type parameter: endomorphisms.
-- ==
-- input { 1 } output { 8 }
-- input { 3 } output { 24 }

type^ endo 'a = a -> a

def apply_n (n: i32) (f: endo i32) (x: i32) : i32 = loop y = x for _i < n do f y

entry main (x: i32) : i32 = apply_n 3 (* 2) x
