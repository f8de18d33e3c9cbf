-- Accumulators exist only inside the function a stream applies: never at an entry point.
-- ==
-- error: an entry point parameter cannot be an accumulator

entry main (acc: *intrinsics.acc ([]i32)) : i32 = 0
