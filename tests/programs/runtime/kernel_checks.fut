-- Indices far out of range inside map, reduce and scan kernels: the run reports the
-- located error and does not crash, since a failed check stops the thread's access
-- (Note [Assertions in kernels] in src/imp/LowerKernel.cpp).
-- ==
-- entry: gather
-- input { [1, 2, 3] 1000000000000i64 } error: index (\[1000000000000\] out of bounds for array of shape \[3\]|out of bounds at .*kernel_checks.fut:10:\d+)
-- input { [1, 2, 3] -1000000000000i64 } error: index (\[-1000000000000\] out of bounds for array of shape \[3\]|out of bounds at .*kernel_checks.fut:10:\d+)
-- input { [1, 2, 3] 2i64 } output { [4, 5, 6] }
entry gather (xs: []i32) (i: i64) : []i32 =
  map (\x -> x + xs[i]) xs

-- ==
-- entry: sum_at
-- input { [1, 2, 3] 1000000000000i64 } error: index (\[1000000000000\] out of bounds for array of shape \[3\]|out of bounds at .*kernel_checks.fut:17:\d+)
-- input { [1, 2, 3] 0i64 } output { 9 }
entry sum_at (xs: []i32) (i: i64) : i32 =
  reduce (+) 0 (map (\x -> x + xs[i]) xs)

-- ==
-- entry: scan_at
-- input { [1, 2, 3] 1000000000000i64 } error: index (\[1000000000000\] out of bounds for array of shape \[3\]|out of bounds at .*kernel_checks.fut:24:\d+)
-- input { [1, 2, 3] 1i64 } output { [3, 7, 12] }
entry scan_at (xs: []i32) (i: i64) : []i32 =
  scan (+) 0 (map (\x -> x + xs[i]) xs)

-- ==
-- entry: store_at
-- input { [1, 2, 3] [1000000000000i64, 0i64, 1i64] } error: index (\[1000000000000\] out of bounds for array of shape \[3\]|out of bounds at .*kernel_checks.fut:32:\d+)
-- input { [1, 2, 3] [2i64, 0i64, 1i64] } output { [[0, 0, 1], [1, 0, 0], [0, 1, 0]] }
entry store_at (xs: []i32) (is: []i64) : [][]i32 =
  map (\i -> let row = replicate (length xs) 0
             in row with [i] = 1) is
