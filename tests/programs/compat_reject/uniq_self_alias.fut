-- An array consumed by a call and passed to the same call again.
-- ==
-- error: consume

def upd (a: *[]i32) (b: []i32) : []i32 = a with [0] = b[0]
def main (xs: *[]i32) : []i32 = upd xs xs
