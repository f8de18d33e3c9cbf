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

-- | Composition, values flowing left to right: `(f >-> g) x == g (f x)`.
def (>->) 'a 'b 'c (f: a -> b) (g: b -> c) (x: a) : c = g (f x)

-- | Composition, values flowing right to left: `(g <-< f) x == g (f x)`.
def (<-<) 'a 'b 'c (g: b -> c) (f: a -> b) (x: a) : c = g (f x)

-- | Applies `f` to `x` `n` times (not at all when `n <= 0`).
def iterate 'a (n: i32) (f: a -> a) (x: a) : a = loop x for _i < n do f x

-- | Applies `f` until `p` holds of the value (perhaps not at all).
def iterate_until 'a (p: a -> bool) (f: a -> a) (x: a) : a = loop x while !(p x) do f x

-- | Applies `f` as long as `p` holds of the value (perhaps not at all).
def iterate_while 'a (p: a -> bool) (f: a -> a) (x: a) : a = loop x while p x do f x

-- | The identity; Futhark uses it to hide a value from the optimiser, Fjord needs no such
-- barrier.
def opaque 't (x: t) : t = x

-- | The identity; Futhark's interpreter also prints the value, Fjord does not.
def trace 't (x: t) : t = x
