-- Currying and uncurrying.
-- ==
-- input { 7 2 } output { 5 14 }

def curry 'a 'b 'c (f: (a, b) -> c) (x: a) (y: b) : c = f (x, y)
def uncurry 'a 'b 'c (f: a -> b -> c) (p: (a, b)) : c = f p.0 p.1

entry main (a: i32) (b: i32) : (i32, i32) =
  (curry (\(x, y) -> x - y) a b, uncurry (\x y -> x * y) (a, b))
