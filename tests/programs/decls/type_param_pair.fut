-- A type abbreviation with a type parameter, used at a polymorphic function.
-- ==
-- input { 1 2 } output { 2 1 }

type pair 'a = (a, a)

def swap 'a (p: pair a) : pair a = (p.1, p.0)

entry main (a: i32) (b: i32) : pair i32 = swap (a, b)
