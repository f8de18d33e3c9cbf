-- Sequential loops with array merge parameters inside kernels (Note [Loops in kernels] in
-- mem/IntroduceMemoryKernelLoops.cpp): each parameter has one memory for the whole loop, the thread's
-- row of the result when the loop's result is the point's result.
-- Structure counts include the outer-parallel version of each multi-versioned nest (Note
-- [Multi-versioned nests] in gpu/DistributeNests.cpp): one more SegMap, whose sequential
-- SOACs count under If/SegMap/, beside the flattened kernels.
-- ==
-- entry: a
-- input { [[1, 2, 3], [4, 5, 6]] } output { [[2, 5, 8], [8, 11, 14]] }
-- input { empty([2][0]i32) } output { empty([2][0]i32) }
-- compiled random input { [20000][8]i32 } auto output
-- structure gpu-mem { Copy 1 Alloc 1 }

-- The in-place update writes the thread's row directly: the only copy is `copy row`, made
-- in that row too.
entry a [n][m] (xss: [n][m]i32) : [n][m]i32 =
  map (\row -> loop acc = copy row for i < m do acc with [i] = acc[i] * 2 + i32.i64 i) xss

-- ==
-- entry: b
-- input { [[1, 2, 3], [4, 5, 6]] } output { [[4, 5, 6], [7, 8, 9]] }
-- input { empty([0][3]i32) } output { empty([0][3]i32) }
-- structure gpu-mem { Copy 2 Alloc 4 }
-- structure gpu { Loop 2 SegMap 3 SegMap/Screma 0 }

-- The loop holds a map, so it is interchanged with the outer map (G7): a SegMap stores the
-- initial rows, then a host loop runs one 2-D SegMap per step.
entry b [n][m] (xss: [n][m]i32) : [n][m]i32 =
  map (\row -> loop acc = row for _i < 3 do map (+1) acc) xss

-- ==
-- entry: doubling
-- input { [[1, 5], [20, 3], [3, 0]] } output { [[16, 80], [20, 3], [12, 0]] }

entry doubling [n][m] (xss: [n][m]i32) : [n][m]i32 =
  map (\row -> loop acc = copy row while acc[0] < 10 do map (* 2) acc) xss

-- ==
-- entry: swap
-- input { 0i64 [[1, 2], [3, 4]] }
-- output { [[1, 2], [3, 4]] [[10, 20], [30, 40]] [0, 0] }
-- input { 1i64 [[1, 2], [3, 4]] }
-- output { [[11, 20], [31, 40]] [[1, 2], [3, 4]] [1, 3] }
-- input { 3i64 [[1, 2], [3, 4]] }
-- output { [[12, 20], [32, 40]] [[2, 2], [4, 4]] [14, 38] }

-- Two arrays exchanged every iteration, and a scalar: each result lives in the other
-- parameter's memory, so both go through temporaries before being copied back.
entry swap [n][m] (k: i64) (xss: [n][m]i32) : ([n][m]i32, [n][m]i32, [n]i32) =
  unzip3 (map (\row -> loop (acc1, acc2, s) = (copy row, map (* 10) row, 0) for _i < k do
                         (copy acc2 with [0] = acc2[0] + 1, acc1, s + acc1[0])) xss)

-- ==
-- entry: sums
-- input { [[2f32, 4f32, 8f32], [0f32, -2f32, 6f32]] } output { [8f32, 5.5f32] [2.5f32, 1f32] }

-- The loop's result is a temporary the thread reduces and indexes.
entry sums [n][m] (xss: [n][m]f32) : ([n]f32, [n]f32) =
  unzip (map (\row -> let r = loop acc = copy row for _i < 2 do map (\x -> x * 0.5 + 1) acc
                      in (f32.sum r, r[1])) xss)

-- ==
-- entry: total
-- input { [[2f32, 4f32, 8f32], [0f32, -2f32, 6f32]] } output { 13.5f32 }
-- input { empty([0][3]f32) } output { 0f32 }

-- The same loop in the body of a top-level reduction's kernel.
entry total [n][m] (xss: [n][m]f32) : f32 =
  f32.sum (map (\row -> f32.sum (loop acc = copy row for _i < 2 do map (\x -> x * 0.5 + 1) acc))
               xss)

-- ==
-- entry: in_lambda
-- input { [[1, 2], [3, 4]] } output { [15, 27] }

-- A loop in the lambda of a reduction the thread runs: its memory is the thread's, reused
-- for every element.
entry in_lambda [n][m] (xss: [n][m]i32) : [n]i32 =
  map (\row -> i32.sum (map (\x -> i32.sum (loop acc = replicate 3 x for i < 2 do
                                               map (+ i32.i64 i) acc)) row)) xss

-- ==
-- entry: reversing
-- input { 1i64 [[1, 2, 3], [4, 5, 6]] } output { [[13, 2, 1], [16, 5, 4]] }
-- input { 2i64 [[1, 2, 3], [4, 5, 6]] } output { [[11, 2, 13], [14, 5, 16]] }
-- input { 3i64 [[1, 2, 3], [4, 5, 6]] } output { [[23, 2, 11], [26, 5, 14]] }
-- input { 3i64 empty([0][3]i32) } output { empty([0][3]i32) }

-- The body's result is a reversed view of the parameter's own memory: it is copied back
-- through a temporary.
entry reversing [n][m] (k: i64) (xss: [n][m]i32) : [n][m]i32 =
  map (\row -> loop acc = copy row for _i < k do
                 let r = reverse acc in r with [0] = r[0] + 10) xss

-- ==
-- entry: nested
-- input { [[1, 2, 3], [4, 5, 6]] } output { [[1, 5, 9], [4, 8, 12]] }

entry nested [n][m] (xss: [n][m]i32) : [n][m]i32 =
  map (\row -> loop acc = copy row for i < 3 do
                 loop inner = copy acc for j < m do inner with [j] = inner[j] + i32.i64 (i * j))
      xss

-- ==
-- entry: scattered
-- input { [[1, 2, 3], [4, 5, 6]] } output { [[9, 11, 14], [9, 14, 20]] }
-- structure gpu-mem { Copy 1 Alloc 3 }

-- The scatter writes its destination in place, and that destination is created in the
-- thread's row of the result: neither the scatter nor the loop copies (the allocations
-- are the result and the two literals).
entry scattered [n][m] (xss: [n][m]i32) : [n][m]i32 =
  map (\row -> loop acc = scatter (copy row) [0] [9] for i < 2 do
                 acc with [i + 1] = acc[i + 1] + acc[i]) xss
