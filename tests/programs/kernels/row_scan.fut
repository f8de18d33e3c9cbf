-- A sequential scan per row, written straight into the thread's row of the result: the
-- result and the column-major copy of `a` that makes the row walks coalesce are the only
-- allocations.
-- ==
-- input { [[1f32, 2f32, 3f32], [4f32, 5f32, 6f32]] } output { [[1f32, 3f32, 6f32], [4f32, 9f32, 15f32]] }
-- input { [[-1f32, 1f32, -1f32, 1f32]] } output { [[-1f32, 0f32, -1f32, 0f32]] }
-- compiled random input { [10000][16]f32 } auto output
-- structure gpu-mem { Alloc 2 TransposeCopy 1 }

entry main (a: [][]f32) : [][]f32 = map (\r -> scan (+) 0 r) a
