-- scatter_stream consumes its destination.
-- ==
-- error: `xs` is used here after being consumed

type~ acc 't = intrinsics.acc t

entry main (xs: *[]i32) : i32 =
  let ys = intrinsics.scatter_stream xs (\(acc: *acc ([]i32)) i -> intrinsics.acc_write acc i 0) (iota 2)
  in xs[0] + ys[0]
