-- A strided slice has an existential size, which differs from every other size.
-- ==
-- error: fut:5:35: error: size mismatch(.|\n)*size of this slice

def f [n] (xs: [n]i32) : [n]i32 = xs[::2]
