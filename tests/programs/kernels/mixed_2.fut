-- kernels: reduce_body, replicate_update, reverse_rows, row_scan, scan_body, scan_temp,
-- temporaries, two_dim_space. One entry point and test block per program, so that each
-- backend builds this file once (docs/testing.md).

-- reduce_body:
-- A per-element temporary in the body of a parallel reduction: x * x * x summed.
-- ==
-- entry: reduce_body
-- input { [1, 2, 3] } output { 36 }
-- input { empty([0]i32) } output { 0 }
-- compiled random input { [100000]i32 } auto output
-- structure gpu-mem { Alloc 1 }

entry reduce_body (xs: []i32) : i32 = reduce (+) 0 (map (\x -> reduce (*) 1 (replicate 3 x)) xs)

-- replicate_update:
-- A replicate updated in place, per thread: both are built in the thread's row of the
-- result, so no temporary is needed.
-- ==
-- entry: replicate_update
-- input { [7, -2] } output { [[7, 0, 7, 7], [-2, 0, -2, -2]] }
-- structure gpu-mem { Alloc 1 }

entry replicate_update (xs: []i32) : [][]i32 = map (\x -> let t = replicate 4 x in t with [1] = 0) xs

-- reverse_rows:
-- `reverse` in a map: a view of the row with a negative stride, copied into the result row.
-- ==
-- entry: reverse_rows
-- input { [[1f32, 2f32, 3f32], [4f32, 5f32, 6f32]] } output { [[3f32, 2f32, 1f32], [6f32, 5f32, 4f32]] }
-- input { [[1f32], [2f32]] } output { [[1f32], [2f32]] }
-- compiled random input { [10000][16]f32 } auto output
-- structure gpu-mem { Alloc 1 }

entry reverse_rows (a: [][]f32) : [][]f32 = map reverse a

-- row_scan:
-- A scan per row: a segmented SegScan written straight into the result, the only
-- allocation.
-- ==
-- entry: row_scan
-- input { [[1f32, 2f32, 3f32], [4f32, 5f32, 6f32]] } output { [[1f32, 3f32, 6f32], [4f32, 9f32, 15f32]] }
-- input { [[-1f32, 1f32, -1f32, 1f32]] } output { [[-1f32, 0f32, -1f32, 0f32]] }
-- compiled random input { [10000][16]f32 } auto output
-- structure gpu-mem { Alloc 4 TransposeCopy 1 }
-- structure gpu { SegScan 1 SegMap 2 }

entry row_scan (a: [][]f32) : [][]f32 = map (\r -> scan (+) 0 r) a

-- scan_body:
-- A per-element temporary in the body of a parallel scan: (replicate 2 x with [0] = 1)
-- sums to 1 + x, then scanned.
-- ==
-- entry: scan_body
-- input { [1, 2, 3] } output { [2, 5, 9] }
-- compiled random input { [100000]i32 } auto output
-- structure gpu-mem { Alloc 2 }

entry scan_body (xs: []i32) : []i32 =
  scan (+) 0 (map (\x -> let t = replicate 2 x with [0] = 1 in t[0] + t[1]) xs)

-- scan_temp:
-- A scan per row that is a temporary (not the result), then its last element plus its
-- total: a segmented SegScan, a segmented SegRed and a SegMap.
-- [1, 2, 3] scans to [1, 3, 6]: 6 + 10 = 16; [4, 5, 6] to [4, 9, 15]: 15 + 28 = 43.
-- ==
-- entry: scan_temp
-- input { [[1, 2, 3], [4, 5, 6]] } output { [16, 43] }
-- compiled random input { [10000][16]i32 } auto output
-- structure gpu-mem { Alloc 7 TransposeCopy 1 }

entry scan_temp [n][m] (a: [n][m]i32) : []i32 =
  map (\r -> let s = scan (+) 0 r in s[m - 1] + reduce (+) 0 s) a

-- temporaries:
-- A per-thread temporary that is not a result: a replicate updated in place, then summed.
-- It lives in one expanded block (4 elements per thread); with the result, two
-- allocations. (replicate 4 x with [0] = 1) sums to 1 + 3 * x.
-- ==
-- entry: temporaries
-- input { [1, 2, 3] } output { [4, 7, 10] }
-- input { [0, -1] } output { [1, -2] }
-- structure gpu-mem { Alloc 4 }

entry temporaries (xs: []i32) : []i32 =
  map (\x -> let t = replicate 4 x
             let t[0] = 1
             in reduce (+) 0 t) xs

-- two_dim_space:
-- A two-dimensional kernel (one thread per element) with a per-thread `iota 3`: the
-- expanded block holds n * m * 3 elements. Each x becomes x + (x + 1) + (x + 2) = 3x + 3.
-- ==
-- entry: two_dim_space
-- input { [[1, 2], [3, 4]] } output { [[6, 9], [12, 15]] }
-- compiled random input { [1000][16]i32 } auto output
-- structure gpu-mem { Alloc 2 }

entry two_dim_space [n][m] (a: [n][m]i32) : [n][m]i32 =
  map (\r -> map (\x -> reduce (+) 0 (map (+ x) (map i32.i64 (iota 3)))) r) a
