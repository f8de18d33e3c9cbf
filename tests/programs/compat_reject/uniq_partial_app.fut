-- A partial application that consumes a non-unique parameter.
-- ==
-- error: consume.*non-unique

def upd (a: *[]i32) (i: i64) : []i32 = a with [i] = 0
def main (xs: []i32) : []i32 = let g = upd xs in g 0
