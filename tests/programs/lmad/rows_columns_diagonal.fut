-- A row, a column and the diagonal of a 3x4 matrix stored flat, as LMAD slices. They are
-- views of the argument's memory: only the map results are allocated.
-- ==
-- input { [0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11] }
-- output { [40, 50, 60, 70] [10, 50, 90] [0, 50, 100] }
-- structure gpu-mem { Alloc 3 FlatIndex 3 }

entry main (xs: []i32) : ([]i32, []i32, []i32) =
  let row = xs[4 + {(4 : 1)}]
  let column = xs[1 + {(3 : 4)}]
  let diagonal = xs[{(3 : 5)}]
  in (map (* 10) row, map (* 10) column, map (* 10) diagonal)
