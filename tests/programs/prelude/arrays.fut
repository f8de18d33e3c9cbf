-- Array functions of the prelude: zip4/zip5 and their inverses, map5, tabulate*,
-- null, flatten_3d/unflatten_3d, scatter_2d/scatter_3d.
-- ==
-- entry: zips
-- input { [1, 2] [3, 4] [5, 6] [7, 8] [9, 10] }
-- output { [25, 30] [9, 10] [1, 2] [3, 4] [7, 8] [5, 6] [24, 28] }

-- map5 sums; unzip5 (zip5 ...) permuted, and unzip4 (zip4 ...) summed.
entry zips [n] (a: [n]i32) (b: [n]i32) (c: [n]i32) (d: [n]i32) (e: [n]i32)
    : ([]i32, []i32, []i32, []i32, []i32, []i32, []i32) =
  let s = map5 (\p q r s t -> p + q + r + s + t) a b c d e
  let (a', b', c', d', e') = unzip5 (zip5 a b c d e)
  let (w, x, y, z) = unzip4 (zip4 b' c' d' e')
  in (s, e', a', b', d', c', map4 (\p q r s -> p + q + r + s) w x y z)

-- ==
-- entry: tabulates
-- input { 2i64 3i64 }
-- output { [0i64, 1i64] [[0i64, 1i64, 2i64], [10i64, 11i64, 12i64]]
--          [[[0i64, 1i64], [10i64, 11i64]], [[100i64, 101i64], [110i64, 111i64]]]
--          false true }

entry tabulates (n: i64) (m: i64) : ([]i64, [][]i64, [][][]i64, bool, bool) =
  ( tabulate n (\i -> i)
  , tabulate_2d n m (\i j -> 10 * i + j)
  , tabulate_3d n n n (\i j k -> 100 * i + 10 * j + k)
  , null (iota m)
  , null (iota (n - 2)) )

-- ==
-- entry: reshape3
-- input { [1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12] }
-- output { [[[1, 2], [3, 4], [5, 6]], [[7, 8], [9, 10], [11, 12]]] 10 [12, 11, 10, 9, 8, 7, 6, 5, 4, 3, 2, 1] }

entry reshape3 (xs: []i32) : ([][][]i32, i32, []i32) =
  let a = unflatten_3d 2 3 2 xs
  in (a, a[1, 1, 1], reverse (flatten_3d a))

-- ==
-- entry: scatters
-- input { [[0, 0, 0], [0, 0, 0]] [0i64, 1i64, 2i64, 1i64] [2i64, 0i64, 0i64, 3i64] [1, 2, 3, 4] }
-- output { [[0, 0, 1], [2, 0, 0]] [[[0, 5], [0, 0]], [[0, 0], [6, 0]]] }

-- Pairs/triples with a coordinate outside the array are ignored (rows 2, column 3, -1).
entry scatters [k] (dest: *[2][3]i32) (is: [k]i64) (js: [k]i64) (vs: [k]i32)
    : ([2][3]i32, [2][2][2]i32) =
  ( scatter_2d dest (zip is js) vs
  , scatter_3d (replicate 2 (replicate 2 (replicate 2 0))) [(0, 0, 1), (1, 1, 0), (2, 0, 0), (0, -1, 0)]
               [5, 6, 7, 8] )
