-- An if may not return a function.
-- ==
-- error: functional.*not first-order

def main (b: bool) (x: i32) : i32 = let f = if b then (\(y: i32) -> y + 1) else (\y -> y - 1) in f x
