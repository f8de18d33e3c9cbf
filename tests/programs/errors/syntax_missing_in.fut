-- A let whose body is missing.
-- ==
-- error: 5:27: error: unexpected end of file, expected `let` or `in`

def f (x: i32) = let y = x
