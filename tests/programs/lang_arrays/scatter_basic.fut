-- `scatter` writes values at indices; out-of-range indices are ignored.
-- ==
-- input { [0, 0, 0, 0] } output { [5, 0, 7, 0] }

entry main (dest: *[]i32) : []i32 = scatter dest [0, 2, 9] [5, 7, 8]
