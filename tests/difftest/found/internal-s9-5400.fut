-- Found by difftest on the GPU (seed s9, program 5400; 9th session), reduced by hand. Open:
-- the CUDA build fails under `-Werror all-warnings`: "variable "cmp" was declared but never
-- referenced". The map's first result is unused; the `if` that makes it goes, but the
-- kernel still computes its condition `zs[...] != k // -7` (an unused kernel variable, like
-- the host variable of tests/programs/lang_control/dead_if.fut).
-- Run: fjord test --backend cuda tests/difftest/found/internal-s9-5400.fut
-- ==
-- input { [1, 2] [3, 4] [5, 6, 7] 7 } output { [-2i64, -2i64] }

entry main [n] [m] (xs: [n]i32) (ys: [n]i32) (zs: [m]i32) (k: i32) : []i64 =
  let (w10, v9) =
    unzip (map (\x11 -> ((if zs[i64.i32 x11 % m] != (k // -7i32) then reduce (+) 0 ys[0:0] else x11),
                         i64.min (reduce (+) 0 (replicate m 2i64)) (-2i64))) xs)
  in v9
