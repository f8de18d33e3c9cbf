-- A type parameter that the definition does not use.
-- ==
-- input { 1 } output { 2 }

type tagged 'a = i32

def mk (x: i32) : tagged bool = x + 1

entry main (x: i32) : i32 = mk x
