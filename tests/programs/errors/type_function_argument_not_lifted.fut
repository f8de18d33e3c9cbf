-- A function type cannot instantiate a type parameter that is not lifted.
-- ==
-- error: error: the function type `i32 -> i32` cannot be an argument for the parameter `'a` of `pair`

type pair 'a = (a, a)

def first (p: pair (i32 -> i32)) : i32 = p.0 1

entry main (x: i32) : i32 = x
