-- A map whose function returns a function builds an array of functions.
-- ==
-- error: not first-order

def main (xs: []i32) : i32 = let fs = map (\x -> \(y: i32) -> x + y) xs in fs[0] 1
