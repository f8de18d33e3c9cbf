-- A parameter compared with `==` and then applied: it would have to be a function.
-- ==
-- error: fut:5:22: error: type .* does not support equality.*not first-order

def f g = (g == g, g 2i32)

entry main (x: i32) : i32 = x
