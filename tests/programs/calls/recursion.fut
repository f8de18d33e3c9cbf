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

-- Recursive functions taking functions (Note [Function arguments of recursive functions]):
-- a closure over a parameter, a top-level function, an operator section, a two-parameter
-- lambda over an array, and two instances of one function in one entry point.
-- ==
-- entry: rec_closure
-- input { 2 5 } output { 11 }
-- input { -1 0 } output { -3 }
-- structure inline { Apply 1 }

-- ==
-- entry: rec_toplevel
-- input { 3 } output { 24 }

-- ==
-- entry: rec_section
-- input { 3 2 } output { 18 }

-- ==
-- entry: rec_fold
-- input { [1, 2, 3] 10 } output { 123 }
-- input { empty([0]i32) 10 } output { 0 }

-- ==
-- entry: rec_two
-- input { 4 } output { 16 -1 }

-- A recursive operator (its IR function is named `op`).
-- ==
-- entry: rec_operator
-- input { 4 3 } output { 7 }
-- input { 4 0 } output { 4 }

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

def apply_n (f: i32 -> i32) (n: i32) (x: i32) : i32 =
  if n == 0 then x else apply_n f (n - 1) (f x)

def double (x: i32) : i32 = x * 2

def fold_rec [n] (op: i32 -> i32 -> i32) (acc: i32) (i: i64) (xs: [n]i32) : i32 =
  if i == n then acc else fold_rec op (op acc xs[i]) (i + 1) xs

entry rec_closure (k: i32) (x: i32) : i32 = apply_n (\y -> y + k) 3 x
entry rec_toplevel (x: i32) : i32 = apply_n double 3 x
entry rec_section (k: i32) (x: i32) : i32 = apply_n (* k) 2 x
entry rec_fold (xs: []i32) (k: i32) : i32 = fold_rec (\a b -> a * k + b) 0 0 xs
entry rec_two (x: i32) : (i32, i32) = (apply_n double 2 x, apply_n (\y -> y - 1) 5 x)

def (<+>) (a: i32) (b: i32) : i32 = if b <= 0 then a else (a + 1) <+> (b - 1)

entry rec_operator (x: i32) (y: i32) : i32 = x <+> y
