-- Of Futhark's `intrinsics` namespace only the accumulator operations are supported.
-- ==
-- error: `intrinsics.flat_index_2d` is not supported yet

entry main (xs: []i32) : [2][2]i32 = intrinsics.flat_index_2d xs 0 2 2 2 1
