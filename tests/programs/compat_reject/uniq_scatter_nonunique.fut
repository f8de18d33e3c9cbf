-- scatter consumes its destination, which must be unique.
-- ==
-- error: consume.*non-unique

def main (xs: []i32) : []i32 = scatter xs [0i64] [1]
