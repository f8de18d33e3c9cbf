-- A per-element temporary in the body of a parallel scan: (replicate 2 x with [0] = 1)
-- sums to 1 + x, then scanned.
-- ==
-- input { [1, 2, 3] } output { [2, 5, 9] }
-- compiled random input { [100000]i32 } auto output
-- structure gpu-mem { Alloc 2 }

entry main (xs: []i32) : []i32 =
  scan (+) 0 (map (\x -> let t = replicate 2 x with [0] = 1 in t[0] + t[1]) xs)
