-- A loop that updates its parameter consumes a non-unique initial value.
-- ==
-- error: consume.*non-unique

def main (xs: []i32) (n: i64) : []i32 = loop acc = xs for i < n do acc with [i] = 0
