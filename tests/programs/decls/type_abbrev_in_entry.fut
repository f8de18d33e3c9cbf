-- Abbreviations with size parameters in an entry point's parameter types.
-- ==
-- input { [1f32, 2f32, 3f32] [4f32, 5f32, 6f32] } output { 32f32 }

type vec [n] = [n]f32

entry main [n] (xs: vec [n]) (ys: vec [n]) : f32 = reduce (+) 0 (map2 (*) xs ys)
