-- A three-point stencil with clamped borders.
-- ==
-- input { [3, 6, 9, 12] } output { [4, 6, 9, 11] }

entry main [n] (xs: [n]i32) : [n]i32 =
  map (\i -> let l = xs[i64.max 0 (i - 1)]
             let r = xs[i64.min (n - 1) (i + 1)]
             in (l + xs[i] + r) / 3) (iota n)
