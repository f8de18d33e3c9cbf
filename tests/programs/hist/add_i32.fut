-- reduce_by_index with (+) on i32 into a histogram whose initial contents are kept
-- (dest = [0, 100, 200, ...]); indices that are negative or not below the width are
-- ignored. Atomic adds, one thread per input.
-- ==
-- structure gpu { SegHist 2 }
-- input { 5i64 [0i64, 1i64, 4i64, 1i64, 0i64] [1, 2, 3, 4, 5] }
-- output { [6, 106, 200, 300, 403] }
-- input { 5i64 [-1i64, 5i64, 2i64, 100i64, -9223372036854775808i64] [7, 8, 9, 10, 11] }
-- output { [0, 100, 209, 300, 400] }
-- input { 3i64 empty([0]i64) empty([0]i32) } output { [0, 100, 200] }
-- input { 0i64 [0i64, 1i64] [1, 2] } output { empty([0]i32) }
-- input { 2i64 [1i64, 1i64, 1i64, 1i64, 1i64, 1i64] [1, 2, 3, 4, 5, 6] } output { [0, 121] }
-- entry: counts
-- input { [3i64, -1i64, 3i64, 999i64, 1000i64, 0i64] }
-- output { 1000i64 [1, 0, 0, 2] 1 }
-- compiled random input { [1000000]i64 } auto output

entry main [m] (k: i64) (is: [m]i64) (vs: [m]i32) : []i32 =
  let dest = map (\i -> i32.i64 i * 100) (iota k)
  in reduce_by_index dest (+) 0 is vs

-- How often each of 1000 buckets occurs (random indices lie in [-1000, 1000], so about
-- half of them are out of bounds): the width, the first four counts and the last.
entry counts (is: []i64) : (i64, []i32, i32) =
  let h = hist (+) 0 1000 is (map (\_ -> 1) is)
  in (length h, h[:4], h[999])
