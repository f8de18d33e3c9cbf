-- A lifted type parameter may be instantiated with a function type.
-- ==
-- input { 5 } output { 6 }

def unbox '^a (r: {val: a}) : a = r.val

entry main (x: i32) : i32 = (unbox {val = \(y: i32) -> y + 1}) x
