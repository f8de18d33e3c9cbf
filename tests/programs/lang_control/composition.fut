-- Composing functions passed as arguments.
-- ==
-- input { [1, 2, 3] } output { [4, 6, 8] }

def compose 'a 'b 'c (f: b -> c) (g: a -> b) (x: a) : c = f (g x)

entry main (xs: []i32) : []i32 = map (compose (* 2) (+ 1)) xs
