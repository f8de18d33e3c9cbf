-- A let whose body is missing.
-- ==
-- error: 6:1: error: unexpected end of file, expected `let` or `in`

def f (x: i32) = let y = x
