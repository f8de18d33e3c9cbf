-- memory: flatten_layouts, flatten_rows, if_arrays, if_borrowed, reshape_no_copy,
-- strided_slices, transpose_reverse. One entry point and test block per program, so that
-- each backend builds this file once (docs/testing.md).

-- flatten_layouts:
-- Flattening a row-major matrix is a view; flattening its transpose needs one copy (no
-- single LMAD describes it), then the map allocates its result.
-- ==
-- entry: flatten_layouts
-- input { [[1, 2, 3], [4, 5, 6]] } output { [2, 8, 4, 10, 6, 12] }
-- structure gpu-mem { Alloc 2 }

entry flatten_layouts (a: [][]i32) : []i32 = map (*2) (flatten (transpose a))

-- flatten_rows: Flattening a row-major matrix is a view: only the map result is allocated.
-- ==
-- entry: flatten_rows
-- input { [[1, 2, 3], [4, 5, 6]] } output { [2, 4, 6, 8, 10, 12] }
-- input { empty([0][3]i32) } output { empty([0]i32) }
-- structure gpu-mem { Alloc 1 }

entry flatten_rows (a: [][]i32) : []i32 = map (*2) (flatten a)

-- if_arrays:
-- An `if` whose branches return arrays in different memory: the result's block is
-- existential, taken over from the branch that allocated it, or filled by a copy when the
-- branch returns the argument.
-- ==
-- entry: if_arrays
-- input { true [1, 2, 3] } output { [2, 3, 4] }
-- input { false [1, 2, 3] } output { [2, 4, 6] }
-- structure gpu-mem { Alloc 2 }

entry if_arrays (c: bool) (xs: []i32) : []i32 = if c then map (+1) xs else map (*2) xs

-- if_borrowed:
-- An `if` one of whose branches returns the argument itself: the result's block may be the
-- argument's, so the entry point copies it into fresh memory for its caller (the map
-- result and that copy are the two allocations).
-- ==
-- entry: if_borrowed
-- input { true [1, 2, 3] } output { [1, 2, 3] }
-- input { false [1, 2, 3] } output { [2, 4, 6] }
-- structure gpu-mem { Alloc 2 }

entry if_borrowed (c: bool) (xs: []i32) : []i32 = if c then xs else map (*2) xs

-- reshape_no_copy:
-- A dot product of two arrays whose sizes are only known equal through the assertion that
-- internalisation inserts: the reshape of `ys` to `xs`'s size is a view, not a copy.
-- ==
-- entry: reshape_no_copy
-- input { [1f32, 2f32, 3f32] [4f32, 5f32, 6f32] } output { 32f32 }
-- input { [1f32, 2f32] [4f32, 5f32, 6f32] } error: .
-- structure gpu-mem { Alloc 0 }

entry reshape_no_copy [n] (xs: [n]f32) (ys: [n]f32) : f32 = reduce (+) 0 (map2 (*) xs ys)

-- strided_slices:
-- Slices with a stride and with a negative stride are views of the argument's memory: only
-- the map results are allocated.
-- ==
-- entry: strided_slices
-- input { [0, 1, 2, 3, 4, 5, 6, 7, 8, 9] } output { [10, 30, 50] [90, 70, 50, 30, 10] }
-- structure gpu-mem { Alloc 2 }

entry strided_slices (xs: []i32) : ([]i32, []i32) =
  (map (*10) xs[1:7:2], map (*10) xs[9:0:-2])

-- transpose_reverse:
-- Column sums read the matrix through a transposed view, the reversed rows and columns
-- through views with a negative stride: the values depend on the layouts being right.
-- The column sums are multi-versioned (Note [Multi-versioned nests]): each version
-- allocates its result. The reversed rows' sums are one segmented reduction, which
-- dominates an outer-parallel version (Note [Dominated outer versions]): 4 allocations
-- stand in the code and a run makes 3.
-- ==
-- entry: transpose_reverse
-- input { [[1, 2, 3], [4, 5, 6]] } output { [5, 7, 9] [15, 6] [3, 6] }
-- structure gpu-mem { Alloc 5 }

entry transpose_reverse (a: [][]i32) : ([]i32, []i32, []i32) =
  ( map (\c -> reduce (+) 0 c) (transpose a)
  , map (\r -> reduce (+) 0 r) (reverse a)
  , map (\r -> r[0]) (transpose (reverse (transpose a))) )
