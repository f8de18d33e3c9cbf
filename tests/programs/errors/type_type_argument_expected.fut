-- A type parameter needs a type argument, not a size.
-- ==
-- error: error: type `pair` expects a type for `'a` as argument 1

type pair 'a = (a, a)

def f (p: pair [3]) : i32 = 0

entry main (x: i32) : i32 = x
