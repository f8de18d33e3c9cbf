-- Reads in a loop whose bounds checks only set the error flag and read `ok ? xs[i] : 0`
-- (Note [Checked loads] in src/imp/CheckedLoads.cpp): an index far out of range is still
-- reported with its location and never read; in-range runs give the right values. The
-- read of `xs[j]` for j < i + 1 <= n is proved in range and has no check at all.
-- ==
-- entry: strided
-- input { [1f32, 2f32, 3f32] 1000000000000i64 } error: index (\[\d+\] out of bounds for array of shape \[3\]|out of bounds at .*checked_loads.fut:13:\d+)
-- input { [1f32, 2f32, 3f32] -1000000000000i64 } error: index (\[-?\d+\] out of bounds for array of shape \[3\]|out of bounds at .*checked_loads.fut:13:\d+)
-- input { [1f32, 2f32, 3f32, 4f32] 1i64 } output { [3f32, 5f32, 7f32, 4f32] }
entry strided [n] (xs: [n]f32) (k: i64) : [n]f32 =
  map (\i ->
         loop acc = 0f32 for j < 2 do
           if i + j < n then acc + xs[i + j * k] else acc)
      (iota n)

-- ==
-- entry: prefix
-- input { [1f32, 2f32, 3f32] [1f32, 1f32, 1f32, 1f32, 1f32, 1f32] } output { [1f32, 3f32, 6f32] }
-- input { [1f32, 2f32, 3f32] [1f32, 1f32] } error: index (\[\d+\] out of bounds for array of shape \[2\]|out of bounds at .*checked_loads.fut:23:\d+)
entry prefix [n] (x: [n]f32) (packed: []f32) : [n]f32 =
  tabulate n (\i ->
    let row = i * (i + 1) / 2
    in loop acc = 0f32 for j < i + 1 do acc + packed[row + j] * x[j])
