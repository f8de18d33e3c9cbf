-- A pattern binding one name twice.
-- ==
-- error: bound twice

def main (x: i32) : i32 = let (a, a) = (x, x) in a
