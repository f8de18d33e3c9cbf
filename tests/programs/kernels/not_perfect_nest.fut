-- An inner map that is not perfectly nested (it needs the row's sum first) runs
-- sequentially in the thread and writes the thread's row of the result directly;
-- the rows are read from a column-major copy of `a` so that the reads coalesce.
-- ==
-- input { [[1f32, 2f32, 3f32], [4f32, 5f32, 6f32]] } output { [[7f32, 8f32, 9f32], [19f32, 20f32, 21f32]] }
-- compiled random input { [10000][16]f32 } auto output
-- structure gpu-mem { Alloc 2 TransposeCopy 1 }

entry main [n][m] (a: [n][m]f32) : [n][m]f32 =
  map (\r -> let s = reduce (+) 0 r in map (+ s) r) a
