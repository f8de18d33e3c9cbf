-- A match may not return a function.
-- ==
-- error: functional.*not first-order

def main (k: i32) (x: i32) : i32 = let f = match k case 0 -> (\(y: i32) -> y) case _ -> (\y -> y + 1) in f x
