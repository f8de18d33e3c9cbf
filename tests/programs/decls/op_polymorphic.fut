-- A polymorphic operator on functions: left-to-right composition.
-- ==
-- input { 3 } output { 8 7 }

def (>->) 'a 'b 'c (f: a -> b) (g: b -> c) : a -> c = \x -> g (f x)

entry main (x: i32) : (i32, i32) = (((+ 1) >-> (* 2)) x, ((* 2) >-> (+ 1)) x)
