-- Re-exports util.fut's names with `open import` (no test block).

open import "util"

def thrice 'a (f: a -> a) (x: a) : a = f (twice f x)
