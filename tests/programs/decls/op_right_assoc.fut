-- Operators starting with `<|` associate to the right.
-- ==
-- input { 2 } output { 9 }

def (<|>) (f: i32 -> i32) (x: i32) : i32 = f x

entry main (x: i32) : i32 = (+ 1) <|> (* 4) <|> x
