-- `(.[i])` indexes each row.
-- ==
-- input { [[1, 2, 3], [4, 5, 6]] } output { [2, 5] }

entry main (xss: [][]i32) : []i32 = map (.[1]) xss
