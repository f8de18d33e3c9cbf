-- Histograms of 1- and 2-byte integers: each update is a compare-and-swap of the 32-bit
-- word holding the bucket, leaving its neighbours' bytes as they were (Note [Histograms],
-- "subword"). Neighbouring buckets share words, so concurrent updates of adjacent buckets
-- test that no byte is lost. Saturating u8 addition is Parboil histo's operator.
-- ==
-- entry: saturating_u8
-- input { 5i64 [0i64, 1i64, 1i64, 4i64, 3i64, 3i64, 3i64] } output { [1u8, 2u8, 0u8, 3u8, 1u8] }
-- input { 3i64 empty([0]i64) } output { [0u8, 0u8, 0u8] }
-- random input { 7i64 [1000]i64 } auto output
-- compiled random input { 4096i64 [100000]i64 } auto output
-- compiled random input { 3i64 [100000]i64 } auto output
-- compiled random input { 60000i64 [100000]i64 } auto output
entry saturating_u8 (bins: i64) (xs: []i64) : []u8 =
  hist (\a b -> if a > 255 - b then 255 else a + b) 0 bins
       (map (\x -> x % bins) xs) (map (\_ -> 1u8) xs)

-- ==
-- entry: wrapping_i8 max_i16 sum_u16
-- input { [0i64, 1i64, 2i64, 1i64, 9i64, -1i64] } auto output
-- random input { [1000]i64 } auto output
-- compiled random input { [100000]i64 } auto output
entry wrapping_i8 (xs: []i64) : [9]i8 =
  hist (+) 0 9 (map (\x -> x % 10) xs) (map (\x -> i8.i64 (x * 37)) xs)

entry max_i16 (xs: []i64) : [6]i16 =
  hist i16.max i16.lowest 6 (map (\x -> x % 7) xs) (map (\x -> i16.i64 (x * 1013)) xs)

-- The buckets start at 7 (the destination), not at the neutral element 0.
entry sum_u16 (xs: []i64) : [1001]u16 =
  reduce_by_index (replicate 1001 7u16) (+) 0 (map (\x -> x % 1001) xs) (map (\x -> u16.i64 x) xs)
