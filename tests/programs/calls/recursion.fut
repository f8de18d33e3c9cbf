-- Recursive functions outside parallel code (Futhark 0.27): each stays a function.
-- ==
-- entry: factorial
-- input { 10i64 } output { 3628800i64 }
-- input { 0i64 } output { 1i64 }
-- structure inline { Apply 1 }

-- ==
-- entry: fib
-- input { 15i32 } output { 610i32 }
-- input { 1i32 } output { 1i32 }

-- ==
-- entry: rsum
-- input { [1i64, 2i64, 3i64, 4i64] } output { 10i64 }
-- input { empty([0]i64) } output { 0i64 }

-- ==
-- entry: countdown
-- input { 4i64 } output { [4i64, 3i64, 2i64, 1i64] }

def fact (n: i64): i64 = if n <= 1 then 1 else n * fact (n - 1)

def fibr (n: i32): i32 = if n < 2 then n else fibr (n - 1) + fibr (n - 2)

-- A recursive sum over an array at host level: the size of the argument shrinks.
def sum_rec (xs: []i64): i64 = if length xs == 0 then 0 else xs[0] + sum_rec xs[1:]

-- The result's size depends on the recursion.
def down (n: i64): []i64 = if n <= 0 then [] else [n] ++ down (n - 1)

entry factorial (n: i64) = fact n
entry fib (n: i32) = fibr n
entry rsum (xs: []i64) = sum_rec xs
entry countdown (n: i64) = down n
