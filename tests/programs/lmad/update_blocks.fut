-- In-place updates through LMAD slices: a 2x2 block of a flat 4x4 matrix with `let`, then
-- the two corners on the diagonal with `with`.
-- ==
-- input { [0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15] [[-1, -2], [-3, -4]] }
-- output { [100, 1, 2, 3, 4, -1, -2, 7, 8, -3, -4, 11, 12, 13, 14, 200] }
-- structure gpu-mem { FlatUpdate 2 }

entry main (xs: *[]i32) (block: [2][2]i32) : []i32 =
  let xs[5 + {(2 : 4), (2 : 1)}] = block
  in xs with [{(2 : 15)}] = [100, 200]
