-- Workload 8: histograms of 2^28 i32 into 256 and 65536 bins (counts). Random inputs lie in
-- [-1000, 1000]: `bins256` uses x mod 256; `bins65536` mixes in the element's position
-- ((x + 7919 i) mod 65536) so that every bin is hit, as with uniformly random bins.
-- ==
-- entry: bins256 bins65536
-- random input { [10000]i32 } auto output
-- compiled random input { [268435456]i32 }

entry bins256 (xs: []i32) : []i32 =
  hist (+) 0 256 (map (\x -> i64.i32 x % 256) xs) (map (\_ -> 1) xs)

entry bins65536 [n] (xs: [n]i32) : []i32 =
  hist (+) 0 65536 (map2 (\i x -> (i64.i32 x + 7919 * i) % 65536) (iota n) xs) (map (\_ -> 1) xs)
