-- Functions have no equality: comparing two of them with `==` is an error at the operator.
-- ==
-- error: fut:7:9: error: type `i32 -> i32` does not support equality \(required by operator `==`\)

def inc (x: i32) = x + 1

def f = inc == inc

entry main (x: i32) : bool = f
