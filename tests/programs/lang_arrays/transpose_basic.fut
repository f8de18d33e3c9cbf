-- `transpose` swaps the two outer dimensions.
-- ==
-- input { [[1, 2, 3], [4, 5, 6]] } output { [[1, 4], [2, 5], [3, 6]] }

entry main (m: [][]i32) : [][]i32 = transpose m
