-- The demo program: the first five entry points Fjord compiles end to end.
-- `scripts/run-sample.sh samples/demo.fut` compiles it to CUDA and OpenCL, builds the
-- OpenCL output and runs every entry point on PoCL.

-- Scales and shifts every element: one SegMap kernel.
entry scale (xs: []f32) : []f32 = map (\x -> 2 * x + 1) xs

-- Sums an array: a two-stage parallel reduction.
entry sum (xs: []f32) : f32 = reduce (+) 0 xs

-- The map fuses into the reduction: still one reduction, no intermediate array.
entry dot [n] (xs: [n]f32) (ys: [n]f32) : f32 = reduce (+) 0 (map2 (*) xs ys)

-- A segmented reduction (the map of a reduction is flattened): each row summed.
entry rowsums [n][m] (a: [n][m]f64) : [n]f64 = map (\r -> reduce (+) 0 r) a

-- The largest element and its first index: a reduction over pairs, in order.
entry argmax [n] (xs: [n]i32) : (i32, i64) =
  reduce (\(a,i) (b,j) -> if a > b || (a == b && i < j) then (a,i) else (b,j))
         (i32.lowest, -1)
         (zip xs (iota n))
