-- A dot product: the map fuses into the reduction, so one SegRed and no SegMap.
-- ==
-- input { [1f32, 2f32, 3f32] [4f32, 5f32, 6f32] } output { 32f32 }
-- input { empty([0]f32) empty([0]f32) } output { 0f32 }
-- input { [0.5f32, -2f32] [8f32, 0.25f32] } output { 3.5f32 }
-- compiled random input { [100000]f32 [100000]f32 } auto output
-- structure fused { Screma 1 }
-- structure gpu { SegRed 1 SegMap 0 }

entry main [n] (xs: [n]f32) (ys: [n]f32) : f32 = reduce (+) 0 (map2 (*) xs ys)
