-- `iota` of a negative size fails.
-- ==
-- input { -2i64 } error: iota of negative size -2
-- tags { no_opencl no_cuda }

entry main (n: i64) : []i64 = iota n
