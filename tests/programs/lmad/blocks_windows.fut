-- Two-dimensional views of a 4x4 matrix stored flat: the 2x2 block at (1, 1) and the
-- strided window of every other row and column. Row sums of each are computed in kernels
-- that read the views directly. The views allocate nothing: the four blocks are the two map
-- results and the copies that entry points make of results that are views of an argument.
-- ==
-- input { [0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15] }
-- output { [[5, 6], [9, 10]] [11, 19] [[0, 2], [8, 10]] [2, 18] }
-- structure gpu-mem { Alloc 4 FlatIndex 2 }

entry main (xs: []i32) : ([][]i32, []i32, [][]i32, []i32) =
  let block = xs[5 + {(2 : 4), (2 : 1)}]
  let window = xs[0 + {(2 : 8), (2 : 2)}]
  in (block, map (\r -> reduce (+) 0 r) block, window, map (\r -> reduce (+) 0 r) window)
