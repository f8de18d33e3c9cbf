-- Element i writes i times: the writes of the elements do not form a regular array.
-- ==
-- error: a loop writing to an accumulator a number of times that differs between elements is not supported yet

type~ acc 't = intrinsics.acc t

entry main (xs: *[]i32) : []i32 =
  intrinsics.scatter_stream xs
    (\(acc: *acc ([]i32)) (i: i64) -> loop acc for j < i do intrinsics.acc_write acc j 1)
    (iota 4)
