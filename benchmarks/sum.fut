-- Workload 2: the sum of 2^28 f32 (4 bytes per element).
-- ==
-- random input { [10000]f32 } auto output
-- compiled random input { [268435456]f32 }

entry main (xs: []f32) : f32 = f32.sum xs
