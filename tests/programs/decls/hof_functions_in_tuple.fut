-- A tuple of functions as an argument.
-- ==
-- input { 5 } output { 6 10 }

def apply_both 'a 'b (fs: (a -> b, a -> b)) (x: a) : (b, b) = (fs.0 x, fs.1 x)

entry main (x: i32) : (i32, i32) = apply_both ((+ 1), (* 2)) x
