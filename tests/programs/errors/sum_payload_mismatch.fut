-- The same constructor used with payloads of different types.
-- ==
-- error: error: cannot unify `bool` with `i32` \(the payloads of constructor `#a`\)

def f (b: bool) = if b then #a 1i32 else #a true
