-- A parameter typed as an array of functions.
-- ==
-- error: arrays of functions.*not first-order

def apply (fs: [](i32 -> i32)) (x: i32) : i32 = fs[0] x
def main (x: i32) : i32 = x
