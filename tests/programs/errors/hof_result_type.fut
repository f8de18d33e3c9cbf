-- `twice` needs a function from a type to itself.
-- ==
-- error: error: cannot unify `i32 -> i32` with `\(y: i32\) -> bool`

def twice 'a (f: a -> a) (x: a) : a = f (f x)

entry main (x: i32) : i32 = twice (\(y: i32) -> y > 0) x
