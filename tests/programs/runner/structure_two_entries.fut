-- One structure check for two named entry points counts in both.
-- ==
-- entry: squares cubes
-- input { [1, 2] } output { [1, 4] }
-- structure gpu { SegMap 2 }

entry squares (xs: []i32) : []i32 = map (\x -> x * x) xs
entry cubes (xs: []i32) : []i32 = map (\x -> x * x) xs
entry total (xs: []i32) : i32 = reduce (+) 0 xs
