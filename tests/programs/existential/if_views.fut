-- `if`s whose branches return different views of one block: the result's differing offset
-- and strides are existential values returned by the `if` (Note [Existential LMADs] in
-- mem/Existential.cpp), so no branch copies. The map kernels index the result through
-- them; the entry's own result must be row-major, so that one is copied (the only Copy).
-- ==
-- entry: transposed
-- input { true [[1, 2], [3, 4]] } output { [[2, 3], [4, 5]] [[1, 2], [3, 4]] }
-- input { false [[1, 2], [3, 4]] } output { [[2, 4], [3, 5]] [[1, 3], [2, 4]] }
-- input { false [[1, 2, 3], [4, 5, 6], [7, 8, 9]] }
-- output { [[2, 5, 8], [3, 6, 9], [4, 7, 10]] [[1, 4, 7], [2, 5, 8], [3, 6, 9]] }
-- structure gpu-mem { Copy 1 Alloc 2 }
-- entry: reversed
-- input { true [1, 2, 3] } output { [2, 4, 6] [1, 2, 3] }
-- input { false [1, 2, 3] } output { [6, 4, 2] [3, 2, 1] }
-- input { false empty([0]i32) } output { empty([0]i32) empty([0]i32) }
-- structure gpu-mem { Copy 1 Alloc 2 }
-- entry: strided
-- input { true [1, 2, 3, 4, 5, 6] } output { [11, 13, 15] }
-- input { false [1, 2, 3, 4, 5, 6] } output { [12, 14, 16] }
-- input { false [1, 2, 3, 4, 5, 6, 7] } output { [12, 14, 16] }
-- structure gpu-mem { Copy 0 Alloc 1 }
-- entry: agree
-- input { true [1, 2, 3] } output { [10, 20, 30] }
-- input { false [1, 2, 3] } output { [10, 20, 30] }
-- structure gpu-mem { Copy 0 Alloc 1 }
-- entry: rows
-- input { [[1, 2, 3], [-4, 5, 6]] } output { [1, 6] }
-- structure gpu-mem { Copy 0 Alloc 1 }

entry transposed [n] (c: bool) (a: [n][n]i32) : ([n][n]i32, [n][n]i32) =
  let b = if c then a else transpose a
  in (map (\r -> map (+1) r) b, b)

entry reversed (c: bool) (xs: []i32) : ([]i32, []i32) =
  let ys = if c then xs else reverse xs
  in (map (*2) ys, ys)

entry strided [n] (c: bool) (xs: [n]i32) : []i32 =
  let m = n / 2
  let ys = if c then xs[0:2*m:2] :> [m]i32 else xs[1:2*m:2] :> [m]i32
  in map (+10) ys

-- Different operations, the same layout (offset n-1 + (n-1)*-1 = 0, stride 1): the
-- prover sees the LMADs agree and nothing is existential.
entry agree (c: bool) (xs: []i32) : []i32 =
  let ys = if c then xs else reverse (reverse xs)
  in map (*10) ys

-- Inside a kernel: each thread views its row forwards or backwards, so the offset and
-- stride are existential values of the thread.
entry rows [n][m] (a: [n][m]i32) : [n]i32 =
  map (\r -> let v = if r[0] > 0 then r else reverse r in v[0]) a
