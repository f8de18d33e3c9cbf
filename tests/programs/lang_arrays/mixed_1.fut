-- lang_arrays: all_any, argmin, array_literals, concat_basic, copy_basic, empty_arrays,
-- empty_slice, filter_basic, flatten_unflatten. One entry point and test block per
-- program, so that each backend builds this file once (docs/testing.md).

-- all_any: `all` and `any`.
-- ==
-- entry: all_any
-- input { [2, 4, 5] } output { false true true }

entry all_any (xs: []i32) : (bool, bool, bool) =
  (all (\x -> x % 2 == 0) xs, any (\x -> x % 2 == 0) xs, all (> 0) xs)

-- argmin: The index of the smallest element with a tuple reduction.
-- ==
-- entry: argmin
-- input { [4, 2, 7, 2] } output { 1i64 }

entry argmin (xs: []i32) : i64 =
  let (_, i) = reduce (\(a, i) (b, j) -> if a < b || (a == b && i < j) then (a, i) else (b, j))
                      (i32.highest, -1) (zip xs (indices xs))
  in i

-- array_literals: One- and two-dimensional array literals.
-- ==
-- entry: array_literals
-- input { 1 } output { [1, 2, 3] [[1, 2], [3, 4]] 3i64 }

entry array_literals (x: i32) : ([]i32, [][]i32, i64) =
  let a = [x, 2, 3]
  let b = [[x, 2], [3, 4]]
  in (a, b, length a)

-- concat_basic: `concat` joins two arrays.
-- ==
-- entry: concat_basic
-- input { [1, 2] [3] } output { [1, 2, 3] [3, 1, 2] }

entry concat_basic (a: []i32) (b: []i32) : ([]i32, []i32) = (concat a b, concat b a)

-- copy_basic: `copy` makes an independent array that may be updated.
-- ==
-- entry: copy_basic
-- input { [1, 2] } output { [1, 2] [9, 2] }

entry copy_basic (xs: []i32) : ([]i32, []i32) =
  let ys = copy xs
  let ys[0] = 9
  in (xs, ys)

-- empty_arrays: Empty arrays from ranges and filters.
-- ==
-- entry: empty_arrays
-- input { [1, 2, 3] } output { empty([0]i32) 0i64 }

entry empty_arrays (xs: []i32) : ([]i32, i64) = (filter (> 5) xs, length (0..<0 : []i32))

-- empty_slice: A slice may be empty.
-- ==
-- entry: empty_slice
-- input { [1, 2, 3] } output { 0i64 0i64 }

entry empty_slice (xs: []i32) : (i64, i64) = (length xs[1:1], length xs[3:])

-- filter_basic: `filter` keeps the elements that satisfy the predicate, in order.
-- ==
-- entry: filter_basic
-- input { [5, 2, 8, 1, 9] } output { [5, 8, 9] [2] }

entry filter_basic (xs: []i32) : ([]i32, []i32) = (filter (> 4) xs, filter (\x -> x % 2 == 0 && x < 5) xs)

-- flatten_unflatten: `flatten` joins dimensions; `unflatten` splits them.
-- ==
-- entry: flatten_unflatten
-- input { [[1, 2], [3, 4], [5, 6]] } output { [1, 2, 3, 4, 5, 6] [[1, 2, 3], [4, 5, 6]] }

entry flatten_unflatten (m: [][]i32) : ([]i32, [][]i32) =
  let f = flatten m
  in (f, unflatten 2 3 f)
