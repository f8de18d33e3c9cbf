-- A loop parameter may not be a function.
-- ==
-- error: loop parameter.*not first-order

def main (n: i64) (x: i32) : i32 = let f = loop f = (\(y: i32) -> y) for i < n do (\y -> f y + 1) in f x
