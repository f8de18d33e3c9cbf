-- Two reductions over the same input fuse horizontally into one SegRed with two
-- operators: a sum and a maximum.
-- ==
-- input { [1.5f32, -2f32, 4.25f32] } output { 3.75f32 4.25f32 }
-- input { empty([0]f32) } output { 0f32 -f32.inf }
-- input { [-7f32] } output { -7f32 -7f32 }
-- compiled random input { [100000]f32 } auto output
-- structure gpu { SegRed 1 }

entry main (xs: []f32) : (f32, f32) =
  let (a, b) = (reduce (+) 0 xs, reduce f32.max f32.lowest xs)
  in (a, b)
