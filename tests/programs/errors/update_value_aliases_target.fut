-- The value written by an in-place update may not alias the array.
-- ==
-- error: error: the value written into `m` aliases it

def f (m: *[][]i32) : [][]i32 = m with [0] = m[1]
