-- Top-level constants may not be consumed.
-- ==
-- error: error: cannot consume the top-level constant `table`

def table = [1, 2, 3]

def f (x: i32) : []i32 = table with [0] = x
