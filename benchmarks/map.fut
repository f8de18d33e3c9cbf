-- Workload 1: the map y = 2x + 1 over 2^28 f32 (8 bytes of traffic per element).
-- ==
-- random input { [10000]f32 } auto output
-- compiled random input { [268435456]f32 }

entry main (xs: []f32) : []f32 = map (\x -> 2 * x + 1) xs
