-- reduce_by_index with (+) on i32 into a histogram whose initial contents are kept
-- (dest = [0, 100, 200, ...]); indices that are negative or not below the width are
-- ignored. Atomic adds in shared-memory sub-histograms.
-- ==
-- structure gpu { SegHist 8 SegMap 1 }
-- input { 5i64 [0i64, 1i64, 4i64, 1i64, 0i64] [1, 2, 3, 4, 5] }
-- output { [6, 106, 200, 300, 403] }
-- input { 5i64 [-1i64, 5i64, 2i64, 100i64, -9223372036854775808i64] [7, 8, 9, 10, 11] }
-- output { [0, 100, 209, 300, 400] }
-- input { 3i64 empty([0]i64) empty([0]i32) } output { [0, 100, 200] }
-- input { 0i64 [0i64, 1i64] [1, 2] } output { empty([0]i32) }
-- input { 2i64 [1i64, 1i64, 1i64, 1i64, 1i64, 1i64] [1, 2, 3, 4, 5, 6] } output { [0, 121] }
-- input { 3i64 [2i64] [7] } output { [0, 100, 207] }
-- input { 1i64 [0i64, 0i64, 3i64, 0i64] [1, 2, 3, 4] } output { [7] }
-- entry: counts
-- input { [3i64, -1i64, 3i64, 999i64, 1000i64, 0i64] }
-- output { 1000i64 [1, 0, 0, 2] 1 }
-- compiled random input { [100000]i64 } auto output

-- The maps computing bucket and value fuse into the histograms (the one SegMap left is
-- main's `dest`). Few
-- bins (several sub-histograms per block in shared memory), one bin, bins needing several
-- passes over the input (40000 i64 bins: 7 passes of 6144) and more bins than the passes
-- allow (200000: global atomics); indices that fall outside [0, width) are ignored.
-- ==
-- entry: few_bins one_bin many_bins beyond_shared
-- input { empty([0]i32) } auto output
-- input { [5] } auto output
-- input { [3, -7, 1000, 5, 5, -1000] } auto output
-- compiled random input { [100000]i32 } auto output
-- entry: few_bins
-- compiled random input { [1048577]i32 } auto output

-- bucket: x mod 7 (- 1): counts of x mod 7 = 1 .. 6, and ignored inputs with x mod 7 = 0.
entry few_bins (xs: []i32) : []i32 =
  hist (+) 0 6 (map (\x -> i64.i32 (x % 7) - 1) xs) (map (\_ -> 1) xs)

entry one_bin (xs: []i32) : []i32 =
  hist (+) 0 1 (map (\x -> if x < 0 then -1 else 0) xs) (map (\_ -> 1) xs)

-- Random bins over [-250, width + 250), so that some inputs are ignored at either end.
def spread (w: i64) (i: i64) (x: i32) : i64 = (i64.i32 x * 7919 + i * 13) % (w + 500) - 250

entry many_bins [n] (xs: [n]i32) : []i64 =
  hist (+) 0 40000 (map2 (spread 40000) (iota n) xs) (map i64.i32 xs)

entry beyond_shared [n] (xs: [n]i32) : []i32 =
  hist (+) 0 200000 (map2 (spread 200000) (iota n) xs) (map (\_ -> 1) xs)

entry main [m] (k: i64) (is: [m]i64) (vs: [m]i32) : []i32 =
  let dest = map (\i -> i32.i64 i * 100) (iota k)
  in reduce_by_index dest (+) 0 is vs

-- How often each of 1000 buckets occurs (random indices lie in [-1000, 1000], so about
-- half of them are out of bounds): the width, the first four counts and the last.
entry counts (is: []i64) : (i64, []i32, i32) =
  let h = hist (+) 0 1000 is (map (\_ -> 1) is)
  in (length h, h[:4], h[999])

-- few_bins and one_bin on small inputs, against values worked out by hand.
-- ==
-- entry: few_bins
-- input { [1, 2, 3, 7, -1, 13, 13] } output { [1, 1, 1, 0, 0, 3] }
-- entry: one_bin
-- input { [3, -7, 1000, 5, 5, -1000] } output { [4] }

-- Maps with a reduction or a loop per element fuse too: the histogram kernel runs them per
-- input.
-- ==
-- entry: row_sums
-- input { [[1, 2, 3], [4, 5, 6], [7, 8, 9], [1, 1, 1]] } output { [0, 0, 0, 1, 1, 1, 1, 0, 0, 0] }
-- entry: loop_bins
-- input { [3i64, 4i64, 5i64] } output { [0, 0, 1, 1, 0, 0, 1, 0] }

entry row_sums [n][m] (xss: [n][m]i32) : []i32 =
  hist (+) 0 10 (map (\r -> i64.i32 (reduce (+) 0 r) % 10) xss) (map (\_ -> 1) xss)

entry loop_bins (xs: []i64) : []i32 =
  hist (+) 0 8 (map (\x -> loop a = 0 for i < x do (a + i) % 8) xs) (map (\_ -> 1) xs)
