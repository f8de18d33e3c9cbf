-- The overhead of a call (issue 13's goal: under 10 µs on CUDA): `scalar` does no device
-- work at all; `tiny_map` launches one kernel over one element and returns a fresh array
-- (after the warm-up run its memory comes from the context's free list).
-- ==
-- entry: scalar
-- input { 41i32 } output { 42i32 }
-- entry: tiny_map
-- input { [41i32] } output { [42i32] }

entry scalar (x: i32) : i32 = x + 1

entry tiny_map (xs: []i32) : []i32 = map (+ 1) xs
