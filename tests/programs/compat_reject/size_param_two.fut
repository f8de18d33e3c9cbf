-- Two arguments that share a size parameter but differ.
-- ==
-- error: size

def f [n] (xs: [n]i32) (ys: [n]i32) : i32 = xs[0] + ys[0]
def main : i32 = f [1] [1, 2]
