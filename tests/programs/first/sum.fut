-- A parallel reduction: one SegRed kernel.
-- ==
-- structure gpu { SegRed 2 }
-- entry: sum_f32
-- input { [1f32, 2f32, 3f32, 4.5f32] } output { 10.5f32 }
-- input { empty([0]f32) } output { 0f32 }
-- entry: sum_i64
-- input { [1i64, -2i64, 3i64] } output { 2i64 }
-- input { empty([0]i64) } output { 0i64 }
-- compiled random input { [2000000]i64 } auto output
-- compiled random input { [100003]i64 } auto output

entry sum_f32 (xs: []f32) : f32 = reduce (+) 0 xs
entry sum_i64 (xs: []i64) : i64 = reduce (+) 0 xs
