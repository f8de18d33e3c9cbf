-- Loops whose array merge parameter is re-viewed each iteration keep one block and carry
-- the offset and strides as merge parameters (Note [Existential LMADs] in
-- mem/Existential.cpp): the only copies are of the initial value into the loop's block and
-- of the entry's result into row-major memory, none inside the loop.
-- ==
-- entry: swaps
-- input { 3i64 [[1, 2], [3, 4]] } output { [[10, 30], [20, 40]] [[1, 3], [2, 4]] }
-- input { 2i64 [[1, 2], [3, 4]] } output { [[10, 20], [30, 40]] [[1, 2], [3, 4]] }
-- input { 0i64 [[1, 2], [3, 4]] } output { [[10, 20], [30, 40]] [[1, 2], [3, 4]] }
-- structure gpu-mem { Copy 1 Loop 1 Loop/Copy 0 }
-- entry: corner
-- input { 3i64 [[1, 2, 3], [4, 5, 6], [7, 8, 9]] } output { 7i32 [3, 2, 1] }
-- input { 4i64 [[1, 2, 3], [4, 5, 6], [7, 8, 9]] } output { 8i32 [9, 8, 7] }
-- structure gpu-mem { Loop/Copy 0 }
-- entry: flips
-- input { 1i64 [1, 2, 3] } output { [30, 20, 10] }
-- input { 2i64 [1, 2, 3] } output { [10, 20, 30] }
-- structure gpu-mem { Loop/Copy 0 }

entry swaps [n] (k: i64) (a: [n][n]i32) : ([n][n]i32, [n][n]i32) =
  let b = loop xs = a for _i < k do transpose xs
  in (map (\r -> map (*10) r) b, b)

-- Reads the element at [0, 2] of a matrix that is transposed and reversed alternately:
-- a[0,2]=3, (transpose a)[0,2]=7, (reverse (transpose a))[0,2]=9, then a[0,2] again...
-- The first row of the final view is returned through a map.
entry corner [n] (k: i64) (a: [n][n]i32) : (i32, [n]i32) =
  let (acc, b) =
    loop (acc, xs) = (0, a) for i < k do
      (acc + xs[0, 2] * i32.i64 (i % 2), if i % 2 == 0 then transpose xs else reverse xs)
  in (acc, map (\x -> x) b[0])

entry flips (k: i64) (xs: []i32) : []i32 =
  let ys = loop ys = xs for _i < k do reverse ys
  in map (*10) ys
