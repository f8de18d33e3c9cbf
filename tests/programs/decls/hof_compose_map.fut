-- Composition passed to `map`.
-- ==
-- input { [1, 2] } output { [4, 7] }

def compose 'a 'b 'c (f: b -> c) (g: a -> b) : a -> c = \x -> f (g x)

entry main (xs: []i32) : []i32 = map (compose (+ 1) (* 3)) xs
