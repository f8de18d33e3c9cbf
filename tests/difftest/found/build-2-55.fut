-- Found by scripts/difftest.sh (seed 2, program 55), minimised by it.
-- OPEN BUG (probably the same as build-1-19.fut): the OpenCL host code does not compile:
-- g++ -Werror reports "unused variable 't_4'": the dead v12's `if` leaves the host-side
-- computation of its then-branch (xs[..] | (b4 ^ 6)) whose value nothing uses.
-- ==
-- entry: p55
-- random input { [257]i32 [257]i32 [257]f32 [17]i32 [257][17]i32 [257][17]f32 i32 } auto output
entry p55 [n] [m] (xs: [n]i32) (ys: [n]i32) (fs: [n]f32) (zs: [m]i32) (ms: [n][m]i32) (gs: [n][m]f32) (k: i32) : i32 =
  let v1: [m]i32 = zs
  let (a3, b4) = reduce (\(p8, q9) (r10, s11) -> (p8 | r10, q9 * s11)) (0, 1) (zip (scan (*) 1 (scatter (copy ys) (map (\i5 -> (i5 * 11 + 4) % (n + 0)) (iota n)) ys)) (map (\x7 -> ((ys)[(i64.i32 k % n)])) (map (\x6 -> x6) fs)))
  let v12: i32 = (if (((hist (*) 1 m (map (\x13 -> i64.i32 x13 % (m + 1) - 1) v1) v1))[(i64.i32 (i32.i64 (length (filter (\x14 -> x14 < k) xs))) % m)]) >= (((loop (acc15: [n]i32) = xs for i16 < 4 do map (\x17 -> b4) acc15))[(i64.i32 (if b4 != a3 then b4 else b4) % n)]) then (((xs)[(i64.i32 (-3i32) % n)]) | (b4 ^ 6i32)) else (reduce (^) 0 (reverse v1)))
  in b4
