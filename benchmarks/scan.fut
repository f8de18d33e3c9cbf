-- Workload 3: the inclusive prefix sum of 2^28 i32 (8 bytes per element).
-- ==
-- random input { [10000]i32 } auto output
-- compiled random input { [268435456]i32 }

entry main (xs: []i32) : []i32 = scan (+) 0 xs
