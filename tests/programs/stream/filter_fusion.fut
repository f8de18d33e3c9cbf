-- Filter fusion. `filter` is a scan of flags and a scatter into a replicate
-- (internalise/InternaliseFilter.cpp): a map before it fuses into the scan, and a map
-- after it fuses into the scatter (opt/FuseScatter.h, Note [Map after scatter]).
-- ==
-- entry: map_filter
-- input { [1i32, 2i32, 3i32, 4i32, 5i32] } output { [3i32, 6i32] }
-- input { empty([0]i32) } output { empty([0]i32) }
-- structure fused { Screma 1 Scatter 1 }

-- ==
-- entry: filter_map
-- input { [1i32, 3i32, 4i32, 6i32, 9i32, 10i32] } output { [31i32, 61i32, 91i32] }
-- input { [1i32, 2i32] } output { empty([0]i32) }
-- input { empty([0]i32) } output { empty([0]i32) }
-- structure fused { Screma 1 Scatter 1 }
-- structure gpu { SegScan 1 SegMap 1 }

-- ==
-- entry: map_filter_map_pairs
-- input { [1i32, -2i32, 3i32, -4i32] [10i32, 20i32, 30i32, 40i32] } output { [12i32, 34i32] }
-- input { empty([0]i32) empty([0]i32) } output { empty([0]i32) }
-- structure fused { Screma 1 Scatter 1 }

-- ==
-- entry: filter_div
-- input { [0i32, 5i32, -3i32, 0i32, 10i32] } output { [20i32, -34i32, 10i32] }
-- input { [0i32] } output { empty([0]i32) }
-- structure fused { Screma 2 Scatter 1 }

entry map_filter (xs: []i32) : []i32 =
  filter (\y -> y % 3 == 0) (map (\x -> x + 1) xs)

entry filter_map (xs: []i32) : []i32 =
  map (\y -> y * 10 + 1) (filter (\x -> x % 3 == 0) xs)

-- Pairs with a positive first component, each mapped to the sum of its components plus one.
entry map_filter_map_pairs [n] (xs: [n]i32) (ys: [n]i32) : []i32 =
  let ps = map2 (\x y -> (x, y + 1)) xs ys
  in map (\(a, b) -> a + b) (filter (\(a, _) -> a > 0) ps)

-- 100 / y on the filler of the filter's destination (0) would divide by zero, so this map
-- is not fused into the scatter.
entry filter_div (xs: []i32) : []i32 =
  map (\y -> 100 / y) (filter (\x -> x != 0) xs)

-- ==
-- entry: filter_kept_and_mapped
-- input { [4i32, -1i32, 7i32] } output { [4i32, 7i32] [8i32, 14i32] }
-- input { empty([0]i32) } output { empty([0]i32) empty([0]i32) }
-- structure fused { Screma 2 Scatter 1 }

-- The filtered array is a result too, so the map stays separate (no work is duplicated).
entry filter_kept_and_mapped (xs: []i32) : ([]i32, []i32) =
  let kept = filter (\x -> x > 0) xs
  in (kept, map (* 2) kept)
