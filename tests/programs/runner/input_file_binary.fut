-- `input @ file` with values in the binary data format ([3]i32 [1, 2, 3] and 10i64).
-- ==
-- input @ data/sum_input.in output { 16i64 }

entry main (xs: []i32) (k: i64) : i64 = i64.i32 (reduce (+) 0 xs) + k
