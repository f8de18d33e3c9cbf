-- A polymorphic function used at several types.
-- ==
-- input { 3 } output { 12 6.0 }

def twice 'a (f: a -> a) (x: a) : a = f (f x)

entry main (x: i32) : (i32, f64) = (twice (* 2) x, twice (+ 1.5) 3.0)
