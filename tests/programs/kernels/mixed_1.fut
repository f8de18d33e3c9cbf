-- kernels: array_literal, array_literal_temp, concat_rows, copy_row, inner_reduce,
-- loop_temp, not_perfect_nest. One entry point and test block per program, so that each
-- backend builds this file once (docs/testing.md).

-- array_literal:
-- An array literal per thread, as the thread's result: written into the result row.
-- ==
-- entry: array_literal
-- input { [1, 2] } output { [[1, 2, 2], [2, 3, 4]] }
-- structure gpu-mem { Alloc 1 }

entry array_literal (xs: []i32) : [][]i32 = map (\x -> [x, x + 1, x * 2]) xs

-- array_literal_temp:
-- An array literal as a per-thread temporary, indexed: a[0] * a[1] + a[2] = 2 * x + 3.
-- ==
-- entry: array_literal_temp
-- input { [1, 2, -5] } output { [5, 7, -7] }
-- structure gpu-mem { Alloc 2 }

entry array_literal_temp (xs: []i32) : []i32 = map (\x -> let a = [x, 2, 3] in a[0] * a[1] + a[2]) xs

-- concat_rows:
-- Each row concatenated with itself, then summed: twice the row's sum. The map is
-- distributed around the sum (G4): a SegMap stores the concatenation of every row (its size
-- `m + m` computed on the host), then a segmented reduction sums them. Three allocations:
-- the stored rows, the expanded per-thread concatenation they are copied from (a copy that
-- could be avoided by concatenating into the stored row directly), and the sums.
-- ==
-- entry: concat_rows
-- input { [[1, 2], [3, 4]] } output { [6, 14] }
-- compiled random input { [10000][16]i32 } auto output
-- structure gpu-mem { Alloc 5 }

entry concat_rows [n][m] (a: [n][m]i32) : []i32 = map (\r -> let c = concat r r in reduce (+) 0 c) a

-- copy_row:
-- The map is distributed around the sum (G4): the copies of the rows are stored for every
-- row, a segmented SegRed sums them, a 2-D SegMap reads both (three allocations: copies,
-- sums, result). Each row r becomes r + 1 + (sum r) - (sum r) = r + 1.
-- ==
-- entry: copy_row
-- input { [[1, 2], [3, 4], [5, 6]] } output { [[2, 3], [4, 5], [6, 7]] }
-- compiled random input { [10000][16]i32 } auto output
-- structure gpu-mem { Alloc 5 }

entry copy_row [n][m] (a: [n][m]i32) : [n][m]i32 =
  map (\r -> let c = copy r
             let s = reduce (+) 0 c
             in map (\y -> y + 1 + s - s) c) a

-- inner_reduce:
-- The `iota 10` is the same in every thread: it is hoisted out of the map and read from
-- the thread index, and the reduction is a segmented SegRed (only the result is
-- allocated). 0 + 1 + ... + 9 = 45, so the result is 45 * x.
-- ==
-- entry: inner_reduce
-- input { [1, 2, -3] } output { [45, 90, -135] }
-- input { empty([0]i32) } output { empty([0]i32) }
-- structure gpu-mem { Alloc 3 }

entry inner_reduce (xs: []i32) : []i32 =
  map (\x -> reduce (+) 0 (map (* x) (map i32.i64 (iota 10)))) xs

-- loop_temp:
-- The loop holds a reduction, so it is interchanged with the map (G7): a host loop of
-- segmented SegReds over the temporaries: sum over i < 3 of 2 * (x + i) = 6x + 6.
-- ==
-- entry: loop_temp
-- input { [1, 2] } output { [12, 18] }
-- structure gpu-mem { Alloc 5 }
-- structure gpu { Loop 2 SegRed 1 }

entry loop_temp (xs: []i32) : []i32 =
  map (\x -> loop acc = 0 for i < 3 do acc + reduce (+) 0 (replicate 2 (x + i32.i64 i))) xs

-- not_perfect_nest:
-- An inner map that is not perfectly nested (it needs the row's sum first): the map is
-- distributed (G4) into a segmented SegRed of the rows and a 2-D SegMap reading the sums.
-- ==
-- entry: not_perfect_nest
-- input { [[1f32, 2f32, 3f32], [4f32, 5f32, 6f32]] } output { [[7f32, 8f32, 9f32], [19f32, 20f32, 21f32]] }
-- compiled random input { [10000][16]f32 } auto output
-- structure gpu-mem { Alloc 5 TransposeCopy 1 }
-- structure gpu { SegRed 1 SegMap 3 }

entry not_perfect_nest [n][m] (a: [n][m]f32) : [n][m]f32 =
  map (\r -> let s = reduce (+) 0 r in map (+ s) r) a
