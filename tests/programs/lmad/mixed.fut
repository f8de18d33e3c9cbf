-- lmad: blocks_windows, out_of_bounds_runtime, prelude_functions, reshape_in_kernel,
-- rows_columns_diagonal, rows_of_arrays, transpose_view, update_blocks. One entry point and test block per
-- program, so that each backend builds this file once (docs/testing.md).

-- blocks_windows:
-- Two-dimensional views of a 4x4 matrix stored flat: the 2x2 block at (1, 1) and the
-- strided window of every other row and column. Row sums of each are computed in kernels
-- that read the views directly. The views allocate nothing: the four blocks are the two map
-- results and the copies that entry points make of results that are views of an argument.
-- ==
-- entry: blocks_windows
-- input { [0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15] }
-- output { [[5, 6], [9, 10]] [11, 19] [[0, 2], [8, 10]] [2, 18] }
-- structure gpu-mem { Alloc 4 FlatIndex 2 }

entry blocks_windows (xs: []i32) : ([][]i32, []i32, [][]i32, []i32) =
  let block = xs[5 + {(2 : 4), (2 : 1)}]
  let window = xs[0 + {(2 : 8), (2 : 2)}]
  in (block, map (\r -> reduce (+) 0 r) block, window, map (\r -> reduce (+) 0 r) window)

-- out_of_bounds_runtime:
-- An LMAD slice whose offset is only known at run time: its addresses o .. o + 4 must lie
-- in the array's 9 elements.
-- ==
-- entry: out_of_bounds_runtime
-- input { [0, 1, 2, 3, 4, 5, 6, 7, 8] 4i64 } output { [[4, 5], [7, 8]] }
-- input { [0, 1, 2, 3, 4, 5, 6, 7, 8] 5i64 } error: LMAD slice out of bounds
-- input { [0, 1, 2, 3, 4, 5, 6, 7, 8] -1i64 } error: LMAD slice out of bounds

entry out_of_bounds_runtime (xs: []i32) (o: i64) : [][]i32 = xs[o + {(2 : 3), (2 : 1)}]

-- prelude_functions:
-- Futhark's flat_index_2d/3d and flat_update_2d/3d on the flat array [0..11].
-- flat_index_3d with strides (6, 3, 1) keeps elements 6i + 3j + l; flat_update_2d writes
-- the 2x2 block at offset 1 with strides (4, 1) (elements 1, 2, 5, 6).
-- ==
-- entry: prelude_functions
-- input { [0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11] [[100, 101], [102, 103]]
--         [[[-1, -2], [-3, -4]], [[-5, -6], [-7, -8]]] }
-- output { [[0, 4, 8], [1, 5, 9]]
--          [[[0, 1], [3, 4]], [[6, 7], [9, 10]]]
--          [0, 100, 101, 3, 4, 102, 103, 7, 8, 9, 10, 11]
--          [-1, -2, 2, -3, -4, 5, -5, -6, 8, -7, -8, 11] }

entry prelude_functions (xs: []i32) (block: [][]i32) (cube_values: [][][]i32)
    : ([][]i32, [][][]i32, []i32, []i32) =
  let columns = flat_index_2d xs 0 2 1 3 4
  let cube = flat_index_3d xs 0 2 6 2 3 2 1
  let a = flat_update_2d (copy xs) 1 4 1 block
  let b = flat_update_3d (copy xs) 0 6 3 1 cube_values
  in (columns, cube, a, b)

-- reshape_in_kernel:
-- Each thread's `reverse (replicate m 1.5)` reshapes a [count] slice to [m], with
-- `count == m` checked on the host only (the check sits in the loop before it): in the
-- kernel the reshape had to copy, and the copy, expanded over the threads, was no view
-- either ("a reshape of a fresh copy is not a view"; found by scripts/difftest.sh, seed
-- g2, program 4515). An expanded array is one arithmetic progression, so it now reshapes.
-- ==
-- entry: reshape_in_kernel
-- input { [0, 1, 2] [7, 7] [0, 0, 0] }
-- output { [[2f32, 3.5f32], [2f32, 3.5f32], [2f32, 3.5f32]] }

entry reshape_in_kernel [n] [m] (xs: [n]i32) (zs: [m]i32) (ys: [n]i32) : [n][m]f32 =
  let firsts = loop acc = replicate n 2f32 for _i < 1 do
                 acc with [0] = reduce f32.min f32.inf (reverse (replicate m 0.5f32))
  in map (\_ -> reduce_by_index (copy (reverse (replicate m 1.5f32))) (+) 0f32
                                (map (\x -> i64.i32 x % (m + 1)) xs) firsts) ys

-- rows_columns_diagonal:
-- A row, a column and the diagonal of a 3x4 matrix stored flat, as LMAD slices. They are
-- views of the argument's memory: only the map results are allocated.
-- ==
-- entry: rows_columns_diagonal
-- input { [0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11] }
-- output { [40, 50, 60, 70] [10, 50, 90] [0, 50, 100] }
-- structure gpu-mem { Alloc 3 FlatIndex 3 }

entry rows_columns_diagonal (xs: []i32) : ([]i32, []i32, []i32) =
  let row = xs[4 + {(4 : 1)}]
  let column = xs[1 + {(3 : 4)}]
  let diagonal = xs[{(3 : 5)}]
  in (map (* 10) row, map (* 10) column, map (* 10) diagonal)

-- rows_of_arrays:
-- flat_index_2d over an array of rows: each flat element is a whole row, as in Futhark.
-- Element (i, j) is row i + 2j.
-- ==
-- entry: rows_of_arrays
-- input { [[0, 1], [2, 3], [4, 5], [6, 7]] }
-- output { [[[0, 1], [4, 5]], [[2, 3], [6, 7]]] }

entry rows_of_arrays (xss: [][]i32) : [][][]i32 = flat_index_2d xss 0 2 1 2 2

-- transpose_view:
-- The transpose of an n x m matrix as an LMAD slice of its flat elements (strides 1 and m),
-- and a map over it. The view itself allocates nothing: the two blocks are the map's result
-- and the copy that the entry point makes of a result that is a view of its argument.
-- ==
-- entry: transpose_view
-- input { [[1, 2, 3], [4, 5, 6]] }
-- output { [[1, 4], [2, 5], [3, 6]] [[2, 8], [4, 10], [6, 12]] }
-- structure gpu-mem { Alloc 2 FlatIndex 1 }

entry transpose_view [n] [m] (xss: [n][m]i32) : ([][]i32, [][]i32) =
  let t = xss[0 + {(m : 1), (n : m)}]
  in (t, map (map (* 2)) t)

-- update_blocks:
-- In-place updates through LMAD slices: a 2x2 block of a flat 4x4 matrix with `let`, then
-- the two corners on the diagonal with `with`.
-- ==
-- entry: update_blocks
-- input { [0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15] [[-1, -2], [-3, -4]] }
-- output { [100, 1, 2, 3, 4, -1, -2, 7, 8, -3, -4, 11, 12, 13, 14, 200] }
-- structure gpu-mem { FlatUpdate 2 }

entry update_blocks (xs: *[]i32) (block: [2][2]i32) : []i32 =
  let xs[5 + {(2 : 4), (2 : 1)}] = block
  in xs with [{(2 : 15)}] = [100, 200]
