-- A per-thread scan that is a temporary (not the result): last element plus total.
-- [1, 2, 3] scans to [1, 3, 6]: 6 + 10 = 16; [4, 5, 6] to [4, 9, 15]: 15 + 28 = 43.
-- ==
-- input { [[1, 2, 3], [4, 5, 6]] } output { [16, 43] }
-- compiled random input { [10000][16]i32 } auto output
-- structure gpu-mem { Alloc 3 TransposeCopy 1 }

entry main [n][m] (a: [n][m]i32) : []i32 =
  map (\r -> let s = scan (+) 0 r in s[m - 1] + reduce (+) 0 s) a
