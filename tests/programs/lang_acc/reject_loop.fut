-- A loop carrying the accumulator with another value (here a `while` loop, which may
-- write any number of times): not supported yet.
-- ==
-- error: 9:3: error: an accumulator passed through a loop with other loop parameters.* is not supported yet

type~ acc 't = intrinsics.acc t

def f (acc: *acc ([]i32)) (n: i64) : *acc ([]i32) =
  (loop (acc, i) = (acc, 0) while i < n do (intrinsics.acc_write acc i 1, i + 1)).0

entry main (xs: *[]i32) : []i32 = intrinsics.scatter_stream xs f (iota 2)
