-- An operator starting with `|>` binds like `|>`: loosest of the symbolic operators.
-- ==
-- input { 3 } output { 16 }

def (|>>) (x: i32) (f: i32 -> i32) : i32 = f x

entry main (x: i32) : i32 = x + 1 |>> (* 2) |>> (* 2)
