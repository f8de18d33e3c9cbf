-- Binary input with bad shapes: an error naming the argument and the shape, never an
-- abort, a crash or acceptance (issue 16).
-- ==
-- entry: flat
-- input @ data/neg_dim.in error: argument 1.*dimension 0 of the shape \[-1\] is negative
-- input @ data/short_payload.in error: argument 1.*the shape \[3\] needs 3 elements of 4 bytes, but only 8 bytes are left
entry flat (xs: []i32) : i32 = i32.sum xs

-- ==
-- entry: rows
-- input @ data/neg_dims.in error: argument 1.*dimension 0 of the shape \[-2\]\[-3\] is negative
-- input @ data/wrapping_dims.in error: argument 1.*the shape \[4611686018427387904\]\[4\] has more elements than int64 can count
-- input @ data/huge_dims.in error: argument 1.*the shape \[4294967296\]\[4294967296\] has more elements than int64 can count
entry rows (xss: [][]i32) : []i32 = map i32.sum xss

-- ==
-- entry: second
-- input @ data/second_arg_neg.in error: argument 2.*dimension 1 of the shape \[4\]\[-1\] is negative
entry second (n: i64) (xss: [][]i32) : i64 = n + length xss
