-- Indexing one and two dimensions, and a row.
-- ==
-- input { [[1, 2, 3], [4, 5, 6]] } output { 6 [4, 5, 6] 2 }

entry main (xss: [][]i32) : (i32, []i32, i32) = (xss[1, 2], xss[1], xss[0][1])
