-- An array literal of functions.
-- ==
-- error: functional.*not first-order

def main (x: i32) : i32 = let fs = [\(y: i32) -> y + 1, \y -> y * 2] in fs[0] x
