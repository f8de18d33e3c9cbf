-- Small combinators on functions.

-- | The identity function.
def id 'a (x: a) : a = x

-- | A function that ignores its argument and returns `x`.
def const 'a 'b (x: a) (_: b) : a = x

-- | Swaps the arguments of a binary function.
def flip 'a 'b 'c (f: a -> b -> c) (b: b) (a: a) : c = f a b

-- | Turns a function on pairs into a curried one.
def curry 'a 'b 'c (f: (a, b) -> c) (a: a) (b: b) : c = f (a, b)

-- | Turns a curried function into one on pairs.
def uncurry 'a 'b 'c (f: a -> b -> c) ((a, b): (a, b)) : c = f a b
