-- Matching a constructor the sum type does not have.
-- ==
-- error: error: type `#a i32 \| #b` has no constructor `#c`

def f (x: #a i32 | #b) : i32 = match x case #c -> 0 case _ -> 1
