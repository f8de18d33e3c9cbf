-- Replicating a function builds an array of functions.
-- ==
-- error: not first-order

def main (x: i32) : i32 = let fs = replicate 3 (\(y: i32) -> y + 1) in fs[0] x
