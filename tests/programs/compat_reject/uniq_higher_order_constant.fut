-- A top-level constant of function type may not be computed by consuming an array: each
-- use of the constant would update that one array again.
-- ==
-- error: fut:8:29: error: top-level constant `reset` of higher-order type contains consumption

def zero_first (xs: *[]i64) (k: i64) : *[]i64 = xs with [0] = k

def reset : i64 -> *[]i64 = zero_first (iota 4)

entry main (k: i64) : []i64 = reset k
