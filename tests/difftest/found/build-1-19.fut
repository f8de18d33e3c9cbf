-- Found by scripts/difftest.sh (seed 1, program 19), minimised by it (every let is needed).
-- OPEN BUG: the generated OpenCL host code does not compile: g++ -Werror reports
-- "variable 'count_2' set but not used" and 'count_4' in entry_p19 (unused-but-set-variable),
-- so `fjord test --backend opencl` fails with "building the generated code failed".
-- The counts are probably filter results of the dead `v11`.
-- ==
-- entry: p19
-- random input { [2]i32 [2]i32 [2]f32 [2]i32 [2][2]i32 [2][2]f32 i32 } auto output
entry p19 [n] [m] (xs: [n]i32) (ys: [n]i32) (fs: [n]f32) (zs: [m]i32) (ms: [n][m]i32) (gs: [n][m]f32) (k: i32) : []i32 =
  let (a2, b3) = unzip (scan (\(p7, q8) (r9, s10) -> (p7 + r9, q8 | s10)) (0, 0) (zip (map (\i4 -> (reduce (+) 0 (filter (\x5 -> x5 == k) zs))) (iota n)) (scatter (copy xs) (map (\i6 -> (i6 * 7 + 2) % (m + 1)) (iota m)) zs)))
  let v11: i64 = (if ((i32.i64 (length (filter (\x12 -> x12 != (-5i32)) b3))) ^ (reduce (+) 0 (ys)[0:1])) == (reduce (+) 0 (filter (\x13 -> x13 < k) (map (\x14 -> x14) xs))) then (length (filter (\x15 -> x15 > k) (loop (acc16: [n]i32) = copy b3 for i17 < 1 do acc16 with [(i64.i32 (-3i32) % n)] = k))) else (length (filter (\x18 -> x18 != (-6i32)) (hist (+) 0 n (map (\x19 -> i64.i32 x19 % (n + 1)) zs) zs))))
  let v20: [n]i32 = (reduce_by_index (copy (map2 (\x22 y23 -> (loop acc24 = y23 for i25 < 3 do (-7i32))) xs xs)) (|) 0 (map (\x21 -> i64.i32 x21 % (n + 1) - 1) xs) (reduce_by_index (copy (scatter (copy b3) (map (\i28 -> (i28 * 7 + 2) % (m + 1)) (iota m)) zs)) (&) (-1) (map (\x26 -> i64.i32 x26 % (n + 1) - 1) (map (\x27 -> x27) zs)) zs))
  in v20

