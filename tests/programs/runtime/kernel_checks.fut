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

-- A loop of kernels reads the flag back once, after the loop (Note [Deferred kernel error
-- checks] in src/imp/DeferErrorChecks.cpp): a check failing in an early step is still the
-- one reported, though later steps ran; the host's check after the loop (the `assert`)
-- would fail too, but the kernel's failure came first.
-- ==
-- entry: steps_at
-- input { [1, 2, 3] 2i64 5i64 } error: index (\[5\] out of bounds for array of shape \[3\]|out of bounds at .*kernel_checks.fut:45:\d+)
-- input { [1, 2, 3] 2i64 1i64 } output { [7, 8, 9] }
-- structure gpu { Loop 1 SegMap 1 }
entry steps_at (xs: []i32) (steps: i64) (i: i64) : []i32 =
  let ys = loop ys = xs for s < steps do
             map (\y -> y + ys[if s == 0 then i else 1]) ys
  in assert (i < 3) ys

-- Two kernels fail, one after the other, with no read of the flag between them: the first
-- failure is the one reported, as by the interpreter (a check sets the flag only while it
-- is 0; Note [Deferred kernel error checks]). Indices out of bounds in both kernels.
-- ==
-- entry: two_failures
-- input { [1, 2, 3] [0i64, 7i64, 1i64] [9i64, 0i64, 0i64] } error: index (\[7\] out of bounds for array of shape \[3\]|out of bounds at .*kernel_checks.fut:57:\d+)
-- input { [1, 2, 3] [0i64, 2i64, 1i64] [2i64, 0i64, 0i64] } output { [6, 4, 4] }
-- structure gpu { SegMap 2 }
entry two_failures (xs: []i32) (is: []i64) (js: []i64) : []i32 =
  let ys = map (\i -> xs[i] + 1) is
  in map (\j -> ys[j] * 2) js
