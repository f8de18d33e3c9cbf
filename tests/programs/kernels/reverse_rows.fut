-- `reverse` in a map: a view of the row with a negative stride, copied into the result row.
-- ==
-- input { [[1f32, 2f32, 3f32], [4f32, 5f32, 6f32]] } output { [[3f32, 2f32, 1f32], [6f32, 5f32, 4f32]] }
-- input { [[1f32], [2f32]] } output { [[1f32], [2f32]] }
-- compiled random input { [10000][16]f32 } auto output
-- structure gpu-mem { Alloc 1 }

entry main (a: [][]f32) : [][]f32 = map reverse a
