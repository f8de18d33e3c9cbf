-- Workload 9: keep the even elements of 2^28 i32.
-- ==
-- random input { [10000]i32 } auto output
-- compiled random input { [268435456]i32 }

entry main (xs: []i32) : []i32 = filter (\x -> x % 2 == 0) xs
