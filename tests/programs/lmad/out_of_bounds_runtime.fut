-- An LMAD slice whose offset is only known at run time: its addresses o .. o + 4 must lie
-- in the array's 9 elements.
-- ==
-- input { [0, 1, 2, 3, 4, 5, 6, 7, 8] 4i64 } output { [[4, 5], [7, 8]] }
-- input { [0, 1, 2, 3, 4, 5, 6, 7, 8] 5i64 } error: LMAD slice out of bounds
-- input { [0, 1, 2, 3, 4, 5, 6, 7, 8] -1i64 } error: LMAD slice out of bounds

entry main (xs: []i32) (o: i64) : [][]i32 = xs[o + {(2 : 3), (2 : 1)}]
