-- Block and register tiling of matrix products (issue #15 item 3; Note [Tiled SegMap]):
-- the map-map nest over a dot product becomes one two-dimensional SegMap marked tiled,
-- lowered to a kernel that stages chunks of both rows through shared memory. Sizes of 0,
-- 1, below one tile and not multiples of the 128 x 128 tile, of the 16-wide k chunk or of the
-- four-element groups that move as vectors (rows of 130 and 17 elements); 130 x 36 by 36 x 132
-- has a first block whose full chunks move as vectors without tests, then a partial chunk.
-- ==
-- entry: main
-- random input { [33][40]f32 [40][17]f32 } auto output
-- random input { [129][130]f32 [130][132]f32 } auto output
-- input { empty([0][3]f32) [[1f32, 2f32], [3f32, 4f32], [5f32, 6f32]] } output { empty([0][2]f32) }
-- input { [[1f32, 2f32, 3f32]] empty([3][0]f32) } output { empty([1][0]f32) }
-- input { empty([2][0]f32) empty([0][3]f32) } output { [[0f32, 0f32, 0f32], [0f32, 0f32, 0f32]] }
-- input { [[2f32]] [[3f32]] } output { [[6f32]] }
-- input { [[1f32, 2f32, 3f32], [4f32, 5f32, 6f32]] [[1f32, 0f32], [0f32, 1f32], [2f32, -1f32]] }
-- output { [[7f32, -1f32], [16f32, -1f32]] }
-- random input { [130][9]f32 [9][257]f32 } auto output
-- random input { [1][300]f32 [300][129]f32 } auto output
-- random input { [200][7]f32 [7][1]f32 } auto output
-- random input { [130][36]f32 [36][132]f32 } auto output
-- structure tile-blocks { TiledSegMap 1 SegMap 1 }

entry main [n][k][m] (a: [n][k]f32) (b: [k][m]f32) : [n][m]f32 =
  map (\row -> map (\col -> f32.sum (map2 (*) row col)) (transpose b)) a

-- Integers: exact results, rectangular operands.
-- ==
-- entry: matmul_i32
-- input { [[1, 2], [3, 4], [5, 6]] [[1, -1, 2], [0, 3, 1]] }
-- output { [[1, 5, 4], [3, 9, 10], [5, 13, 16]] }
-- random input { [131][19]i32 [19][140]i32 } auto output
-- structure tile-blocks { TiledSegMap 1 }

entry matmul_i32 [n][k][m] (a: [n][k]i32) (b: [k][m]i32) : [n][m]i32 =
  map (\row -> map (\col -> i32.sum (map2 (*) row col)) (transpose b)) a

-- The min-plus semiring (shortest paths of one more edge): another map and reduction
-- operator, with the largest i32 as neutral element.
-- ==
-- entry: min_plus
-- input { [[0, 4], [1, 0]] [[0, 2], [7, 0]] } output { [[0, 2], [1, 0]] }
-- random input { [70][150]i32 [150][135]i32 } auto output
-- structure tile-blocks { TiledSegMap 1 }

entry min_plus [n][k][m] (a: [n][k]i32) (b: [k][m]i32) : [n][m]i32 =
  map (\row -> map (\col -> reduce i32.min i32.highest (map2 (+) row col)) (transpose b)) a

-- The rows of b against the rows of a (no transpose): b's rows are j's, read along k.
-- ==
-- entry: outer_rows
-- random input { [45][21]f32 [140][21]f32 } auto output
-- structure tile-blocks { TiledSegMap 1 }

entry outer_rows [n][k][m] (a: [n][k]f32) (b: [m][k]f32) : [n][m]f32 =
  map (\x -> map (\y -> f32.sum (map2 (*) x y)) b) a

-- 8-byte elements: 8 k's per stage (the shared tiles stay under CUDA's 48 KB) and 8 x 8
-- outputs per thread; 20 k's are two full chunks and a partial one.
-- ==
-- entry: matmul_f64
-- random input { [130][20]f64 [20][131]f64 } auto output
-- structure tile-blocks { TiledSegMap 1 }

entry matmul_f64 [n][k][m] (a: [n][k]f64) (b: [k][m]f64) : [n][m]f64 =
  map (\row -> map (\col -> f64.sum (map2 (*) row col)) (transpose b)) a
