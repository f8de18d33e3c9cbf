-- filter as a scan of flags and a scatter (one SegScan and one scattering SegMap per
-- entry), with a result size known only at run time; the host lowering fuses them into one
-- kernel (Note [One-pass filter]). Its tiles hold 8192 offsets (as i32 in shared memory) at
-- the default block size: 8191, 8192 and 8193 end a tile early, exactly and just after.
-- ==
-- structure gpu { SegScan 3 SegMap 3 }
-- entry: main
-- input { [5, 1, 8, 2, 9, 3] } output { [5, 8, 9] }
-- input { [1, 2, 3] } output { empty([0]i32) }
-- input { [4, 7, 10] } output { [4, 7, 10] }
-- input { empty([0]i32) } output { empty([0]i32) }
-- compiled random input { [100000]i32 } auto output
-- compiled random input { [2047]i32 } auto output
-- compiled random input { [2048]i32 } auto output
-- compiled random input { [2049]i32 } auto output
-- compiled random input { [8191]i32 } auto output
-- compiled random input { [8192]i32 } auto output
-- compiled random input { [8193]i32 } auto output
-- compiled random input { [20481]i32 } auto output
-- entry: evens
-- input { [1i64, 2i64, 3i64, 4i64] [1.5f32, 2.5f32, 3.5f32, 4.5f32] }
-- output { [2i64, 4i64] [2.5f32, 4.5f32] }
-- input { [1i64, 3i64] [0f32, 1f32] } output { empty([0]i64) empty([0]f32) }
-- compiled random input { [100001]i64 [100001]f32 } auto output
-- entry: thirds
-- input { [3, 1, 6, 9, 2] [0.5f32, 1.5f32, 2.5f32, 3.5f32, 4.5f32] }
-- output { [3, 6, 9] [0.5f32, 2.5f32, 3.5f32] }
-- input { [1] [1f32] } output { empty([0]i32) empty([0]f32) }
-- input { empty([0]i32) empty([0]f32) } output { empty([0]i32) empty([0]f32) }
-- compiled random input { [8191]i32 [8191]f32 } auto output
-- compiled random input { [8193]i32 [8193]f32 } auto output
-- compiled random input { [100003]i32 [100003]f32 } auto output

entry main (xs: []i32) : []i32 = filter (\x -> x > 3) xs

-- Filtering pairs keeps the two components aligned.
entry evens [n] (is: [n]i64) (xs: [n]f32) : ([]i64, []f32) =
  unzip (filter (\(i, _) -> i % 2 == 0) (zip is xs))

-- Two contiguous inputs of 4-byte elements, of which the predicate reads one; the scatter
-- reads both.
entry thirds [n] (xs: [n]i32) (ys: [n]f32) : ([]i32, []f32) =
  unzip (filter (\(x, _) -> x % 3 == 0) (zip xs ys))
