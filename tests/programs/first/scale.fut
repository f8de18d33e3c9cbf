-- Elementwise affine map: one SegMap kernel.
-- ==
-- input { [1f32, 2f32, -3.5f32] } output { [3f32, 5f32, -6f32] }
-- input { empty([0]f32) } output { empty([0]f32) }
-- input { [0.25f32] } output { [1.5f32] }
-- compiled random input { [2000000]f32 } auto output
-- structure gpu { SegMap 1 SegRed 0 }

entry main (xs: []f32) : []f32 = map (\x -> 2 * x + 1) xs
