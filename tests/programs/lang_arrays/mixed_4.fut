-- lang_arrays: scan_inclusive, scatter_basic, slicing, slicing_2d, stencil_1d,
-- take_drop_split, transpose_basic, with_update, zip3_unzip3, zip_unzip, index_nested_map. One entry point
-- and test block per program, so that each backend builds this file once
-- (docs/testing.md).

-- scan_inclusive: `scan` is an inclusive prefix scan.
-- ==
-- entry: scan_inclusive
-- input { [1, 2, 3, 4] } output { [1, 3, 6, 10] [1, 2, 6, 24] }

entry scan_inclusive (xs: []i32) : ([]i32, []i32) = (scan (+) 0 xs, scan (*) 1 xs)

-- scatter_basic: `scatter` writes values at indices; out-of-range indices are ignored.
-- ==
-- entry: scatter_basic
-- input { [0, 0, 0, 0] } output { [5, 0, 7, 0] }

entry scatter_basic (dest: *[]i32) : []i32 = scatter dest [0, 2, 9] [5, 7, 8]

-- slicing: Slices with start, end and stride, including negative strides.
-- ==
-- entry: slicing
-- input { [0, 1, 2, 3, 4, 5] } output { [1, 2, 3] [0, 2, 4] [5, 4, 3, 2, 1, 0] [4, 3, 2] [3, 4, 5] [5, 3, 1] }

entry slicing (xs: []i32) : ([]i32, []i32, []i32, []i32, []i32, []i32) =
  (xs[1:4], xs[::2], xs[::-1], xs[4:1:-1], xs[3:], xs[5::-2])

-- slicing_2d: Slicing a column and a sub-matrix.
-- ==
-- entry: slicing_2d
-- input { [[1, 2, 3], [4, 5, 6], [7, 8, 9]] } output { [2, 5, 8] [[5, 6], [8, 9]] [[7, 8, 9], [1, 2, 3]] }

entry slicing_2d (m: [][]i32) : ([]i32, [][]i32, [][]i32) =
  (m[:, 1], m[1:, 1:], m[::-2])

-- stencil_1d: A three-point stencil with clamped borders.
-- ==
-- entry: stencil_1d
-- input { [3, 6, 9, 12] } output { [4, 6, 9, 11] }

entry stencil_1d [n] (xs: [n]i32) : [n]i32 =
  map (\i -> let l = xs[i64.max 0 (i - 1)]
             let r = xs[i64.min (n - 1) (i + 1)]
             in (l + xs[i] + r) / 3) (iota n)

-- take_drop_split: `take`, `drop` and `split`.
-- ==
-- entry: take_drop_split
-- input { [1, 2, 3, 4, 5] } output { [1, 2] [3, 4, 5] [1, 2, 3] [4, 5] }

entry take_drop_split (xs: []i32) : ([]i32, []i32, []i32, []i32) =
  let (a, b) = split 3 xs
  in (take 2 xs, drop 2 xs, a, b)

-- transpose_basic: `transpose` swaps the two outer dimensions.
-- ==
-- entry: transpose_basic
-- input { [[1, 2, 3], [4, 5, 6]] } output { [[1, 4], [2, 5], [3, 6]] }

entry transpose_basic (m: [][]i32) : [][]i32 = transpose m

-- with_update: `with` updates of an element, a slice and a row.
-- ==
-- entry: with_update
-- input { [1, 2, 3, 4] } output { [1, 9, 3, 4] [7, 8, 3, 4] [[0, 0], [5, 6]] }

entry with_update (xs: *[]i32) : ([]i32, []i32, [][]i32) =
  let a = copy xs with [1] = 9
  let b = copy xs with [0:2] = [7, 8]
  let m = [[0, 0], [0, 0]] with [1] = [5, 6]
  in (a, b, m)

-- zip3_unzip3: `zip3` and `unzip3`.
-- ==
-- entry: zip3_unzip3
-- input { [1, 2] } output { [2, 4] [3, 6] }

entry zip3_unzip3 (a: []i32) : ([]i32, []i32) =
  let (_, b, c) = unzip3 (zip3 a (map (* 2) a) (map (* 3) a))
  in (b, c)

-- zip_unzip: `zip` and `unzip` are inverses.
-- ==
-- entry: zip_unzip
-- input { [1, 2] [true, false] } output { [1, 2] [true, false] 2i64 }

entry zip_unzip [n] (a: [n]i32) (b: [n]bool) : ([]i32, []bool, i64) =
  let ps = zip a b
  let (x, y) = unzip ps
  in (x, y, length ps)

-- index_nested_map: A `map (map f)` result indexed with two indices: its row type is only
-- known once the inner map's type is (once rejected as "too many indices").
-- ==
-- entry: index_nested_map
-- input { [[1, 2], [3, 4]] } output { [[4, 2], [8, 6]] }

entry index_nested_map [n][m] (xss: [n][m]i32) : [n][m]i32 =
  let doubled = map (map (\x -> x * 2)) xss
  in tabulate_2d n m (\i j -> doubled[i, m - 1 - j])
