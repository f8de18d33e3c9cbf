-- Futhark's flat_index_2d/3d and flat_update_2d/3d on the flat array [0..11].
-- flat_index_3d with strides (6, 3, 1) keeps elements 6i + 3j + l; flat_update_2d writes
-- the 2x2 block at offset 1 with strides (4, 1) (elements 1, 2, 5, 6).
-- ==
-- input { [0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11] [[100, 101], [102, 103]]
--         [[[-1, -2], [-3, -4]], [[-5, -6], [-7, -8]]] }
-- output { [[0, 4, 8], [1, 5, 9]]
--          [[[0, 1], [3, 4]], [[6, 7], [9, 10]]]
--          [0, 100, 101, 3, 4, 102, 103, 7, 8, 9, 10, 11]
--          [-1, -2, 2, -3, -4, 5, -5, -6, 8, -7, -8, 11] }

entry main (xs: []i32) (block: [][]i32) (cube_values: [][][]i32)
    : ([][]i32, [][][]i32, []i32, []i32) =
  let columns = flat_index_2d xs 0 2 1 3 4
  let cube = flat_index_3d xs 0 2 6 2 3 2 1
  let a = flat_update_2d (copy xs) 1 4 1 block
  let b = flat_update_3d (copy xs) 0 6 3 1 cube_values
  in (columns, cube, a, b)
