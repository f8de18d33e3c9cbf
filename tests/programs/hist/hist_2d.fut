-- reduce_by_index_2d: (row, column) pairs outside the 2x3 destination (in either
-- coordinate) are ignored, even when their flat position would fall inside it.
-- ==
-- input { [0i64, 1i64, 1i64, -1i64, 2i64, 0i64, 1i64] [2i64, 0i64, 0i64, 0i64, 0i64, 3i64, 2i64]
--         [1, 2, 3, 4, 5, 6, 7] }
-- output { [[0, 0, 1], [5, 0, 7]] }
-- structure gpu { SegHist 1 }

entry main [n] (is: [n]i64) (js: [n]i64) (vs: [n]i32) : [][]i32 =
  reduce_by_index_2d (replicate 2 (replicate 3 0)) (+) 0 (zip is js) vs
