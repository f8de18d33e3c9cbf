-- A non-commutative scan fused with a map: keep the multiples of 3, then carry the latest
-- kept value forward. [3, 1, 2, 6, 4, 0, 5] maps to [3, 0, 0, 6, 0, 0, 0] and scans to
-- [3, 3, 3, 6, 6, 6, 6]; [1, 2, 9] maps to [0, 0, 9] and scans to [0, 0, 9].
-- ==
-- input { [3, 1, 2, 6, 4, 0, 5] } output { [3, 3, 3, 6, 6, 6, 6] }
-- input { [1, 2, 9] } output { [0, 0, 9] }
-- input { empty([0]i32) } output { empty([0]i32) }
-- compiled random input { [100000]i32 } auto output
-- structure gpu { SegScan 1 SegMap 0 }

entry main (xs: []i32) : []i32 =
  scan (\a b -> if b != 0 then b else a) 0 (map (\x -> if x % 3 == 0 then x else 0) xs)
