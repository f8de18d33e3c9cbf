-- A dot product of two arrays whose sizes are only known equal through the assertion that
-- internalisation inserts: the reshape of `ys` to `xs`'s size is a view, not a copy.
-- ==
-- input { [1f32, 2f32, 3f32] [4f32, 5f32, 6f32] } output { 32f32 }
-- input { [1f32, 2f32] [4f32, 5f32, 6f32] } error: .
-- structure gpu-mem { Alloc 0 }

entry main [n] (xs: [n]f32) (ys: [n]f32) : f32 = reduce (+) 0 (map2 (*) xs ys)
