-- runtime: assert_fails, coerce_size_mismatch, division_by_zero, division_in_kernel,
-- index_2d_out_of_bounds, index_out_of_bounds, invalid_range, iota_negative. One entry
-- point and test block per program, so that each backend builds this file once
-- (docs/testing.md).

-- assert_fails: A failed assertion reports its condition as written, on every backend.
-- ==
-- entry: assert_fails
-- input { -1 } error: assertion failed: `\(x >= 0\)`
-- input { 4 } output { 2 }

entry assert_fails (x: i32) : i32 = assert (x >= 0) (x / 2)

-- coerce_size_mismatch: A coercion to a size the array does not have fails at run time.
-- ==
-- entry: coerce_size_mismatch
-- input { [1, 2] } error: size mismatch: expected size 3
-- input { [1, 2, 3] } output { 6 }

entry coerce_size_mismatch (xs: []i32) : i32 = let ys = xs :> [3]i32 in ys[0] + ys[1] + ys[2]

-- division_by_zero: Integer division by zero fails at run time.
-- ==
-- entry: division_by_zero
-- input { 7 0 } error: division by zero
-- input { 7 2 } output { 3 }

entry division_by_zero (a: i32) (b: i32) : i32 = a / b

-- division_in_kernel:
-- Integer division and remainder by zero inside a kernel fail at run time.
-- ==
-- entry: division_in_kernel
-- input { [6, 7, 8] [3, 2, 1] } output { [2, 3, 8] [0, 1, 0] }
-- input { [6, 7, 8] [3, 0, 1] } error: division by zero

entry division_in_kernel [n] (xs: [n]i32) (ys: [n]i32) : ([]i32, []i32) = (map2 (/) xs ys, map2 (%) xs ys)

-- index_2d_out_of_bounds: The second index of a two-dimensional array is checked too.
-- ==
-- entry: index_2d_out_of_bounds
-- input { [[1, 2], [3, 4]] 5i64 } error: index (\[1, 5\] out of bounds for array of shape \[2\]\[2\]|out of bounds at .*:44:\d+)

entry index_2d_out_of_bounds (m: [][]i32) (j: i64) : i32 = m[1, j]

-- index_out_of_bounds: Indexing past the end of an array fails at run time.
-- ==
-- entry: index_out_of_bounds
-- input { [1, 2, 3] 3i64 } error: index (\[3\] out of bounds for array of shape \[3\]|out of bounds at .*:52:\d+)
-- input { [1, 2, 3] 2i64 } output { 3 }

entry index_out_of_bounds (xs: []i32) (i: i64) : i32 = xs[i]

-- invalid_range:
-- A range whose end precedes its start with a positive step is invalid. (The interpreter
-- also names the bounds; compiled code names the source location.)
-- ==
-- entry: invalid_range
-- input { 5 1 } error: range.* is invalid
-- input { 1 4 } output { [1, 2, 3] }

entry invalid_range (a: i32) (b: i32) : []i32 = a..<b

-- iota_negative:
-- `iota` of a negative size fails. (The interpreter also names the size; compiled code
-- names the source location.)
-- ==
-- entry: iota_negative
-- input { -2i64 } error: iota of negative size
-- input { 0i64 } output { empty([0]i64) }

entry iota_negative (n: i64) : []i64 = iota n
