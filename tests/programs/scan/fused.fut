-- Two scans and a map over the same input fuse into one SegScan with a mapped result.
-- [1, 2, 3, 4]: running sums [1, 3, 6, 10], running products [1, 2, 6, 24], plus one
-- [2, 3, 4, 5].
-- ==
-- input { [1, 2, 3, 4] } output { [1, 3, 6, 10] [1, 2, 6, 24] [2, 3, 4, 5] }
-- input { empty([0]i32) } output { empty([0]i32) empty([0]i32) empty([0]i32) }
-- compiled random input { [100000]i32 } auto output
-- structure gpu { SegScan 1 SegMap 0 }

entry main (xs: []i32) : ([]i32, []i32, []i32) =
  (scan (+) 0 (map (* 2) xs |> map (/ 2)), scan (*) 1 xs, map (+ 1) xs)
