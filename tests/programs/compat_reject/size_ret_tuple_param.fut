-- A size of the result may name a parameter of its own, `(n: i64)`, but not a component
-- of a tuple parameter.
-- ==
-- error: fut:7:29: error: the return type uses `k` as a size, but `k` is bound inside a tuple or record parameter

def ok (n: i64) : [n]i64 = iota n
def bad (k: i64, _: bool) : [k]i64 = iota k

entry main (n: i64) : [n]i64 = ok n
