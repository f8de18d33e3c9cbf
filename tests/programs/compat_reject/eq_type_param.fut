-- A type parameter may stand for a function type, so its values cannot be compared.
-- ==
-- error: fut:5:38: error: type `a` does not support equality.*`a` is a type parameter

def member 'a (x: a) (ys: []a) = any (== x) ys

entry main (x: i32) : bool = member x [1, 2]
