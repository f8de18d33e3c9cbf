-- Top-level constants used from functions.
-- ==
-- input { 2 } output { 14 [1, 2, 3] }

def k : i32 = 7
def table = [1, 2, 3]

entry main (x: i32) : (i32, []i32) = (k * x, table)
