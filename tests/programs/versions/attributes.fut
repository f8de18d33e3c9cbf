-- Attributes that direct flattening (Note [Flattening attributes] in
-- gpu/FlatteningAttributes.cpp). Each entry's nest would otherwise get versions A and C
-- (like `scale_by_sum` in nests.fut: a segmented reduction, then a 2-D SegMap).

-- Only the outer-parallel version: one SegMap whose threads run the body.
-- ==
-- entry: seq_inner
-- input { [[1, 2], [3, 4]] } output { [[3, 6], [21, 28]] }
-- input { empty([0][3]i32) } output { empty([0][3]i32) }
-- random input { [20][30]i32 } auto output
-- structure gpu { CmpSize 0 If 0 SegRed 0 SegMap 1 SegMap/Screma 2 }

entry seq_inner [n][m] (xss: [n][m]i32) : [n][m]i32 =
  #[sequential_inner] map (\r -> let s = i32.sum r in map (\x -> x * s) r) xss

-- No outer-parallel version: only the flattened one.
-- ==
-- entry: no_outer
-- input { [[1, 2], [3, 4]] } output { [[3, 6], [21, 28]] }
-- random input { [20][30]i32 } auto output
-- structure gpu { CmpSize 0 If 0 SegRed 1 SegMap 1 SegMap/Screma 0 }

entry no_outer [n][m] (xss: [n][m]i32) : [n][m]i32 =
  #[incremental_flattening(no_outer)] map (\r -> let s = i32.sum r in map (\x -> x * s) r) xss

-- No intra-group version: A and C remain.
-- ==
-- entry: no_intra
-- input { [[1, 2], [3, 4]] } output { [[3, 6], [21, 28]] }
-- random input { [20][30]i32 } auto output
-- structure gpu { CmpSize 1 If 1 SegRed 1 SegMap 2 }

entry no_intra [n][m] (xss: [n][m]i32) : [n][m]i32 =
  #[incremental_flattening(no_intra)] map (\r -> let s = i32.sum r in map (\x -> x * s) r) xss

-- Only the intra-group version, which Fjord lacks: the flattened version stands in for it;
-- Futhark's newer spelling `flattening(...)`, with spaces, is the same.
-- ==
-- entry: only_intra
-- input { [[1, 2], [3, 4]] } output { [[3, 6], [21, 28]] }
-- random input { [20][30]i32 } auto output
-- structure gpu { CmpSize 0 If 0 SegRed 1 SegMap 1 }

entry only_intra [n][m] (xss: [n][m]i32) : [n][m]i32 =
  #[flattening( only_intra )] map (\r -> let s = i32.sum r in map (\x -> x * s) r) xss

-- No versions for the outer map (flattened), but its inner map (over each matrix's rows)
-- is versioned (A, B and C): two thresholds where `nested` in nests.fut has three.
-- ==
-- entry: only_inner
-- input { [[[1, 2], [3, 4]], [[5, 6], [7, 8]]] } auto output
-- random input { [4][5][6]i32 } auto output
-- structure gpu { CmpSize 2 SegRed 1 }

entry only_inner [a][b][c] (xsss: [a][b][c]i32) : [a][b][c]i32 =
  #[incremental_flattening(only_inner)]
  map (\xss -> let t = i32.sum (flatten xss) in map (\xs -> map (+ t) (scan (+) 0 xs)) xss) xsss

-- A sequential reduction inside a map: not distributed, so the nest is one SegMap.
-- ==
-- entry: seq_in_map
-- input { [[1, 2, 3], [4, 5, 6]] } output { [6, 15] }
-- random input { [50][7]i32 } auto output
-- structure gpu { CmpSize 0 If 0 SegRed 0 SegMap 1 SegMap/Screma 1 }

entry seq_in_map [n][m] (xss: [n][m]i32) : [n]i32 = map (\r -> #[sequential] i32.sum r) xss

-- A sequential reduction at host level: one kernel of one thread.
-- ==
-- entry: seq_host
-- input { [1, 2, 3, 4] } output { 10 }
-- input { empty([0]i32) } output { 0 }
-- random input { [1000]i32 } auto output
-- structure gpu { SegRed 0 SegMap 1 SegMap/Screma 1 }

entry seq_host (xs: []i32) : i32 = #[sequential] i32.sum xs

-- A sequential map of reductions at host level: one thread runs the whole nest.
-- ==
-- entry: seq_host_map
-- input { [[1, 2, 3], [4, 5, 6]] } output { [6, 15] }
-- input { empty([0][2]i32) } output { empty([0]i32) }
-- random input { [30][40]i32 } auto output
-- structure gpu { CmpSize 0 SegRed 0 SegMap 1 SegMap/Screma 1 }

entry seq_host_map [n][m] (xss: [n][m]i32) : [n]i32 = #[sequential] map (\r -> i32.sum r) xss

-- The outer map as a host loop whose body's reduction is a kernel (one per row).
-- ==
-- entry: seq_outer
-- input { [[1, 2, 3], [4, 5, 6]] } output { [6, 15] }
-- input { empty([0][2]i32) } output { empty([0]i32) }
-- random input { [9][40]i32 } auto output
-- structure gpu { CmpSize 0 Loop 1 Loop/SegRed 1 SegMap 0 }

entry seq_outer [n][m] (xss: [n][m]i32) : [n]i32 = #[sequential_outer] map (\r -> i32.sum r) xss

-- A sequential outer map returning rows: each iteration's row is a kernel's result.
-- ==
-- entry: seq_outer_rows
-- input { [[1, 2, 3], [4, 5, 6]] } output { [[1, 3, 6], [4, 9, 15]] }
-- random input { [5][33]i32 } auto output
-- structure gpu { CmpSize 0 Loop 1 Loop/SegScan 1 }

entry seq_outer_rows [n][m] (xss: [n][m]i32) : [n][m]i32 =
  #[sequential_outer] map (\r -> scan (+) 0 r) xss
