-- Writes in a loop cannot be counted before the program runs: not supported yet.
-- ==
-- error: accumulator .* is not supported yet

type~ acc 't = intrinsics.acc t

def f (acc: *acc ([]i32)) (n: i64) : *acc ([]i32) =
  loop acc for i < n do intrinsics.acc_write acc i 1

entry main (xs: *[]i32) : []i32 = intrinsics.scatter_stream xs f (iota 2)
