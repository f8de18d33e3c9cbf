-- Transpose of a 16384 x 16384 f32 matrix (a read and a write of every element). The
-- result is made fresh (`copy`), so the transpose is not just a view.
-- ==
-- random input { [70][45]f32 } auto output
-- compiled random input { [16384][16384]f32 }

entry main (xss: [][]f32) : [][]f32 = copy (transpose xss)
