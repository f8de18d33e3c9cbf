-- runtime: modulo_by_zero, negative_index, param_size_constant, param_size_mismatch,
-- slice_out_of_bounds, unflatten_mismatch, update_out_of_bounds, update_size_mismatch,
-- zip_size_mismatch. One entry point and test block per program, so that each backend
-- builds this file once (docs/testing.md).

-- modulo_by_zero: Integer remainder by zero fails too.
-- ==
-- entry: modulo_by_zero
-- input { 7 0 } error: division by zero

entry modulo_by_zero (a: i32) (b: i32) : i32 = a % b

-- negative_index: A negative index is out of bounds.
-- ==
-- entry: negative_index
-- input { [1, 2, 3] -1i64 } error: index (\[-1\] )?out of bounds

entry negative_index (xs: []i32) (i: i64) : i32 = xs[i]

-- param_size_constant:
-- A constant parameter size and a size given by a scalar argument are checked on entry.
-- ==
-- entry: param_size_constant
-- input { [1, 2, 3] 2i64 [5, 6] } output { 6 11 }
-- input { [1, 2] 2i64 [5, 6] } error: size mismatch
-- input { [1, 2, 3] 3i64 [5, 6] } error: size mismatch

entry param_size_constant (xs: [3]i32) (n: i64) (ys: [n]i32) : (i32, i32) = (i32.sum xs, i32.sum ys)

-- param_size_mismatch: Two arguments for `[n]` parameters with different sizes.
-- ==
-- entry: param_size_mismatch
-- input { [1, 2] [1, 2, 3] } error: size mismatch
-- input { [1, 2] [3, 4] } output { 11 }

entry param_size_mismatch [n] (xs: [n]i32) (ys: [n]i32) : i32 = i32.sum (map2 (*) xs ys)

-- slice_out_of_bounds: A slice reaching past the end fails.
-- ==
-- entry: slice_out_of_bounds
-- input { [1, 2, 3] 5i64 } error: index (\[1:5\] )?out of bounds

entry slice_out_of_bounds (xs: []i32) (n: i64) : []i32 = xs[1:n]

-- unflatten_mismatch: `unflatten` with dimensions whose product is not the length.
-- ==
-- entry: unflatten_mismatch
-- input { [1, 2, 3, 4, 5] } error: size mismatch: cannot unflatten|unflatten to a shape of a different size

entry unflatten_mismatch (xs: []i32) : [][]i32 = unflatten 2 2 xs

-- update_out_of_bounds: An in-place update past the end fails.
-- ==
-- entry: update_out_of_bounds
-- input { [1, 2, 3] } error: index (\[7\] )?out of bounds

entry update_out_of_bounds (xs: *[]i32) : []i32 = xs with [7] = 0

-- update_size_mismatch:
-- A slice update whose value does not have the slice's size fails at run time.
-- ==
-- entry: update_size_mismatch
-- input { [1, 2, 3, 4] [7, 8, 9] } error: size mismatch
-- input { [1, 2, 3, 4] [7, 8] } output { [7, 8, 3, 4] }

entry update_size_mismatch (xs: *[]i32) (ys: []i32) : []i32 = xs with [0:2] = ys

-- zip_size_mismatch: `zip` of arrays of different lengths fails at run time.
-- ==
-- entry: zip_size_mismatch
-- input { [1, 2] [1, 2, 3] } error: size mismatch

entry zip_size_mismatch [n] (xs: [n]i32) (ys: [n]i32) : i32 = i32.sum (map (\(a, b) -> a * b) (zip xs ys))
