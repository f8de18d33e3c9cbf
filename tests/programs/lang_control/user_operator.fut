-- A user-defined operator takes the precedence of its first character.
-- ==
-- input { 1 } output { 123 25 }

def (+^) (a: i32) (b: i32) = a * 10 + b
def (*^) (a: i32) (b: i32) = a * b + 1

entry main (x: i32) : (i32, i32) = (x +^ 2 +^ 3, 2 +^ 2 *^ 2)
