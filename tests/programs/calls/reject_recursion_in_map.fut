-- Recursion is allowed only outside parallel code (an error of kernel extraction).
-- ==
-- error: fut:7:26: error: recursive function `fact` called inside parallel code

def fact (n: i64): i64 = if n <= 1 then 1 else n * fact (n - 1)

entry main (xs: []i64) = map fact xs
