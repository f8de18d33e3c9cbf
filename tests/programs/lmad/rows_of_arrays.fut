-- flat_index_2d over an array of rows: each flat element is a whole row, as in Futhark.
-- Element (i, j) is row i + 2j.
-- ==
-- input { [[0, 1], [2, 3], [4, 5], [6, 7]] }
-- output { [[[0, 1], [4, 5]], [[2, 3], [6, 7]]] }

entry main (xss: [][]i32) : [][][]i32 = flat_index_2d xss 0 2 1 2 2
