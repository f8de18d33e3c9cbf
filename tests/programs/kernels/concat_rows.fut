-- Each row concatenated with itself, then summed: twice the row's sum. The temporary's
-- size `m + m` is computed in the kernel from values outside it, so the host computes it
-- again to allocate the expanded block.
-- ==
-- input { [[1, 2], [3, 4]] } output { [6, 14] }
-- compiled random input { [10000][16]i32 } auto output
-- structure gpu-mem { Alloc 2 }

entry main [n][m] (a: [n][m]i32) : []i32 = map (\r -> let c = concat r r in reduce (+) 0 c) a
