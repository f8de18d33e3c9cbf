-- A loop parameter may not hold a function, even in a tuple.
-- ==
-- error: loop parameter.*not first-order

def main (n: i64) (x: i32) : i32 = let (f, _) = loop (f, k) = ((\(y: i32) -> y), 0i32) for i < n do (f, k + 1) in f x
