-- lang_arrays: foldl_foldr, head_last_tail_init, histogram_loop, index_section,
-- indexing, indices_length, iota_replicate, let_with, map2_map3, map_basic. One entry
-- point and test block per program, so that each backend builds this file once
-- (docs/testing.md).

-- foldl_foldr: `foldl` and `foldr` with a non-associative operator.
-- ==
-- entry: foldl_foldr
-- input { [1, 2, 3] } output { -6 2 }

entry foldl_foldr (xs: []i32) : (i32, i32) = (foldl (-) 0 xs, foldr (-) 0 xs)

-- head_last_tail_init: `head`, `last`, `tail` and `init`.
-- ==
-- entry: head_last_tail_init
-- input { [1, 2, 3] } output { 1 3 [2, 3] [1, 2] }

entry head_last_tail_init (xs: []i32) : (i32, i32, []i32, []i32) = (head xs, last xs, tail xs, init xs)

-- histogram_loop: A sequential histogram with in-place updates in a loop.
-- ==
-- entry: histogram_loop
-- input { [0i64, 2i64, 2i64, 1i64, 2i64] } output { [1, 1, 3] }

entry histogram_loop (xs: []i64) : []i32 =
  loop h = replicate 3 0 for x in xs do h with [x] = h[x] + 1

-- index_section: `(.[i])` indexes each row.
-- ==
-- entry: index_section
-- input { [[1, 2, 3], [4, 5, 6]] } output { [2, 5] }

entry index_section (xss: [][]i32) : []i32 = map (.[1]) xss

-- indexing: Indexing one and two dimensions, and a row.
-- ==
-- entry: indexing
-- input { [[1, 2, 3], [4, 5, 6]] } output { 6 [4, 5, 6] 2 }

entry indexing (xss: [][]i32) : (i32, []i32, i32) = (xss[1, 2], xss[1], xss[0][1])

-- indices_length: `indices` and `length`.
-- ==
-- entry: indices_length
-- input { [9, 8, 7] } output { [0i64, 1i64, 2i64] 3i64 }

entry indices_length (xs: []i32) : ([]i64, i64) = (indices xs, length xs)

-- iota_replicate: `iota` and `replicate`.
-- ==
-- entry: iota_replicate
-- input { 4i64 } output { [0i64, 1i64, 2i64, 3i64] [7, 7, 7, 7] }

entry iota_replicate (n: i64) : ([]i64, []i32) = (iota n, replicate n 7)

-- let_with: `let a[i] = v` updates a fresh array.
-- ==
-- entry: let_with
-- input { 3i64 } output { [0i64, 10i64, 2i64] }

entry let_with (n: i64) : []i64 =
  let a = iota n
  let a[1] = 10
  in a

-- map2_map3: `map2` and `map3` over arrays of the same size.
-- ==
-- entry: map2_map3
-- input { [1, 2] [3, 4] [5, 6] } output { [4, 6] [15, 48] }

entry map2_map3 [n] (a: [n]i32) (b: [n]i32) (c: [n]i32) : ([]i32, []i32) =
  (map2 (+) a b, map3 (\x y z -> x * y * z) a b c)

-- map_basic: `map` over integers and booleans.
-- ==
-- entry: map_basic
-- input { [1, -2, 3] } output { [2, -4, 6] [false, true, false] }

entry map_basic (xs: []i32) : ([]i32, []bool) = (map (* 2) xs, map (< 0) xs)
