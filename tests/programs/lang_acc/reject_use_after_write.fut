-- A write consumes the accumulator: using it again is an error.
-- ==
-- error: `acc` is used here after being consumed

type~ acc 't = intrinsics.acc t

def f (acc: *acc ([]i32)) (i: i64) : *acc ([]i32) =
  let _ = intrinsics.acc_write acc i 1
  in intrinsics.acc_write acc (i + 1) 2

entry main (xs: *[]i32) : []i32 = intrinsics.scatter_stream xs f (iota 2)
