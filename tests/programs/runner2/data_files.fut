-- Values and expected values in data files: text (`input @`, `output @`), binary and
-- gzip'd (`.gz`, binary input and text output).
-- ==
-- entry: row_sums
-- input @ data/matrix.in output @ data/matrix_sums.out
-- input @ data/matrix.in output { [16, 25] }

entry row_sums (xss: [][]i32) (k: i32) : []i32 = map (\xs -> reduce (+) k xs) xss

-- ==
-- entry: total_and_tail
-- input @ data/floats.in.gz output @ data/floats_result.out.gz
-- input @ data/floats.in.gz output { 8f32 [1.5f32, 2f32, 4f32] }

entry total_and_tail (xs: []f32) (n: i64) : (f32, []f32) =
  (f32.sum xs, xs[4 - n:])
