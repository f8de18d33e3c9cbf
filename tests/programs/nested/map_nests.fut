-- Map nests flattened into multi-dimensional SegMaps (gpu/DistributeNests.cpp): one thread
-- per element of the nest, not per row; statements between the maps distributed into
-- kernels of their own when what they compute is regular.
-- Structure counts include the outer-parallel version of each multi-versioned nest (Note
-- [Multi-versioned nests] in gpu/DistributeNests.cpp): one more SegMap, whose sequential
-- SOACs count under If/SegMap/, beside the flattened kernels.
-- ==
-- entry: rows2d
-- input { [[1, 2, 3], [4, 5, 6]] } output { [[3, 5, 7], [9, 11, 13]] }
-- input { empty([0][3]i32) } output { empty([0][3]i32) }
-- input { empty([2][0]i32) } output { empty([2][0]i32) }
-- random input { [37][19]i32 } auto output
-- structure gpu { SegMap 1 SegMap/Screma 0 }

entry rows2d [n][m] (xss: [n][m]i32) : [n][m]i32 = map (\r -> map (\x -> x * 2 + 1) r) xss

-- ==
-- entry: rank3
-- input { [[[1, 2], [3, 4]], [[5, 6], [7, 8]], [[9, 10], [11, 12]]] }
-- output { [[[2, 3], [4, 5]], [[6, 7], [8, 9]], [[10, 11], [12, 13]]] }
-- input { empty([0][2][2]i32) } output { empty([0][2][2]i32) }
-- input { empty([3][0][2]i32) } output { empty([3][0][2]i32) }
-- input { empty([3][2][0]i32) } output { empty([3][2][0]i32) }
-- random input { [5][7][9]i32 } auto output
-- structure gpu { SegMap 1 SegMap/Screma 0 }

entry rank3 [n][m][k] (xsss: [n][m][k]i32) : [n][m][k]i32 = map (map (map (+ 1))) xsss

-- ==
-- entry: tab2d
-- input { 2i64 3i64 } output { [[0i64, 1i64, 2i64], [10i64, 11i64, 12i64]] }
-- input { 0i64 3i64 } output { empty([0][3]i64) }
-- input { 3i64 0i64 } output { empty([3][0]i64) }
-- structure gpu { SegMap 1 SegMap/Screma 0 }

entry tab2d (n: i64) (m: i64) : [n][m]i64 = tabulate_2d n m (\i j -> i * 10 + j)

-- The inner map's body is sequential code (a loop), run by the thread of each element.
-- ==
-- entry: seq_inner
-- input { [[1, 2], [3, 4]] } output { [[12, 20], [28, 36]] }
-- input { empty([2][0]i32) } output { empty([2][0]i32) }
-- random input { [23][31]i32 } auto output
-- structure gpu { SegMap 1 SegMap/Loop 1 }

entry seq_inner (xss: [][]i32) : [][]i32 =
  map (\r -> map (\x -> loop a = x for i < 3 do a * 2 + i32.i64 i) r) xss

-- A scalar computed between the maps: a 1-D kernel stores it for every row, the 2-D one
-- reads it.
-- ==
-- entry: fission
-- input { [[1, 2, 3], [4, 5, 6]] } output { [[3, 4, 5], [12, 13, 14]] }
-- input { empty([0][3]i32) } output { empty([0][3]i32) }
-- random input { [40][17]i32 } auto output
-- structure gpu { SegMap 3 SegMap/Screma 0 If/SegMap/Screma 1 }

entry fission [n][m] (xss: [n][m]i32) : [n][m]i32 =
  map (\r -> let k = r[0] * 2 in map (\x -> x + k) r) xss

-- An array computed by an inner map and used by the next one: both are 2-D SegMaps, the
-- intermediate a regular [n][m] array.
-- ==
-- entry: two_maps
-- input { [[1, 2, 3], [4, 5, 6]] } output { [[4, 6, 8], [16, 18, 20]] }
-- random input { [33][12]i32 } auto output
-- structure gpu { SegMap 3 SegMap/Screma 0 If/SegMap/Screma 2 }

entry two_maps (xss: [][]i32) : [][]i32 =
  map (\r -> let r2 = map (* 2) r in map (\x -> x + r2[0]) r2) xss

-- An assertion on each row, between the maps: it runs in a kernel of its own.
-- ==
-- entry: checked
-- input { [[1, 2], [3, 4]] } output { [[2, 3], [4, 5]] }
-- input { [[1, 2], [-3, 4]] } error: assertion failed
-- input { empty([0][2]i32) } output { empty([0][2]i32) }
-- structure gpu { SegMap 3 If/SegMap/Assert 3 }

entry checked [n][m] (xss: [n][m]i32) : [n][m]i32 =
  map (\r -> assert (r[0] >= 0) (map (+ 1) r)) xss

-- Several results, one from each kind of kernel.
-- ==
-- entry: results
-- input { [[1, 2], [3, 4]] } output { [[2, 3], [4, 5]] [-1, -3] [[1, 2], [3, 4]] }
-- input { empty([0][2]i32) } output { empty([0][2]i32) empty([0]i32) empty([0][2]i32) }

entry results [n][m] (xss: [n][m]i32) : ([n][m]i32, [n]i32, [n][m]i32) =
  unzip3 (map (\r -> (map (+ 1) r, -r[0], r)) xss)

-- The sum's width differs from row to row (irregular): it stays sequential code in the
-- 2-D SegMap of the regular map around it, after the SegMap computing each row's width.
-- ==
-- entry: irregular
-- input { [[1, 2, 3], [2, 5, 7], [0, 1, 1]] } output { [[1, 1], [7, 7], [0, 0]] }
-- input { empty([0][3]i32) } output { empty([0][2]i32) }
-- structure gpu { SegMap 3 If/SegMap/Screma 2 }

entry irregular [n][m] (xss: [n][m]i32) : [n][2]i32 =
  map (\r -> let k = i64.i32 r[0]
             in map (\_ -> i32.sum (map (* 1) r[0:k])) (iota 2)) xss

-- Matrix multiplication: a 2-D SegMap whose threads run the dot product sequentially.
-- ==
-- entry: matmul
-- input { [[1f32, 2f32], [3f32, 4f32]] [[1f32, 0f32, 1f32], [0f32, 1f32, 2f32]] }
-- output { [[1f32, 2f32, 5f32], [3f32, 4f32, 11f32]] }
-- input { empty([0][2]f32) [[1f32], [2f32]] } output { empty([0][1]f32) }
-- input { [[1f32, 2f32]] empty([2][0]f32) } output { empty([1][0]f32) }
-- random input { [17][9]f32 [9][13]f32 } auto output
-- structure gpu { SegMap 1 SegMap/Screma 1 SegRed 0 }

entry matmul [n][k][m] (a: [n][k]f32) (b: [k][m]f32) : [n][m]f32 =
  map (\row -> map (\col -> f32.sum (map2 (*) row col)) (transpose b)) a

-- A 5-point stencil with clamped borders, a few steps: each step is one 2-D SegMap in a
-- host loop.
-- ==
-- entry: stencil
-- input { [[1f32, 2f32, 3f32], [4f32, 5f32, 6f32]] } auto output
-- random input { [19][23]f32 } auto output
-- structure gpu { Loop 1 SegMap 1 SegMap/Screma 0 }

entry stencil [n][m] (grid: [n][m]f32) : [n][m]f32 =
  loop u = grid for _step < 3 do
    tabulate_2d n m (\i j ->
      let up = i64.max 0 (i - 1)
      let down = i64.min (n - 1) (i + 1)
      let left = i64.max 0 (j - 1)
      let right = i64.min (m - 1) (j + 1)
      in 0.2 * (u[i, j] + u[up, j] + u[down, j] + u[i, left] + u[i, right]))

-- The condition is the same for every row (map-if): a host `if` chooses between two 2-D
-- SegMaps.
-- ==
-- entry: choose
-- input { true [[1, 2], [3, 4]] } output { [[2, 3], [4, 5]] }
-- input { false [[1, 2], [3, 4]] } output { [[2, 4], [6, 8]] }
-- input { true empty([0][2]i32) } output { empty([0][2]i32) }
-- structure gpu { If 3 SegMap 3 SegMap/Screma 0 }

entry choose [n][m] (up: bool) (xss: [n][m]i32) : [n][m]i32 =
  map (\r -> if up then map (+ 1) r else map (* 2) r) xss

-- Loops holding a map or a reduction are interchanged with the map around them (G7): a
-- host loop of 2-D SegMaps, and one of segmented reductions.
-- ==
-- entry: loop_rows
-- input { [[1, 2], [3, 4]] } output { [[4, 8], [12, 16]] [9, 21] }
-- input { empty([0][2]i32) } output { empty([0][2]i32) empty([0]i32) }
-- input { empty([2][0]i32) } output { empty([2][0]i32) [0, 0] }
-- random input { [21][13]i32 } auto output
-- structure gpu { Loop 4 SegMap 5 SegRed 1 SegMap/Screma 0 SegMap/Loop 0 If/SegMap/Loop 2 }

entry loop_rows [n][m] (xss: [n][m]i32) : ([n][m]i32, [n]i32) =
  unzip (map (\r -> (loop acc = r for _i < 2 do map2 (+) acc acc,
                     loop s = 0 for i < 3 do s + i32.sum (map (* i32.i64 i) r))) xss)
