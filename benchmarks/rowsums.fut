-- Workload 4: the sum of every row of a square matrix (16384 x 16384 f32) and of a tall,
-- narrow one (4194304 x 64 f32).
-- ==
-- entry: square tall
-- random input { [100][37]f32 } auto output
-- entry: square
-- compiled random input { [16384][16384]f32 }
-- entry: tall
-- compiled random input { [4194304][64]f32 }

entry square (xss: [][]f32) : []f32 = map f32.sum xss

entry tall (xss: [][]f32) : []f32 = map f32.sum xss
