-- partition: the kept elements, then the others, each in their original order.
-- [3, 8, 5, 2, 7, 6] with "even": [8, 2, 6] and [3, 5, 7].
-- ==
-- input { [3, 8, 5, 2, 7, 6] } output { [8, 2, 6] [3, 5, 7] }
-- input { [2, 4] } output { [2, 4] empty([0]i32) }
-- input { [1, 3] } output { empty([0]i32) [1, 3] }
-- input { empty([0]i32) } output { empty([0]i32) empty([0]i32) }
-- compiled random input { [100000]i32 } auto output
-- structure gpu { SegScan 1 SegMap 1 }

entry main (xs: []i32) : ([]i32, []i32) = partition (\x -> x % 2 == 0) xs
