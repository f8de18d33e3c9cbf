-- Size parameters of a `let` (`let [m] (ys: [m]t) = e`): m is an `i64` variable whose
-- value is the size it names in e's type. Cases: filter_count, nested_rename,
-- two_dims, local_use.

-- filter_count:
-- The existential size of a `filter` gets a name, used as a value and in later types.
-- ==
-- entry: filter_count
-- input { [1, -2, 3, 4] } output { 3i64 [2, 6, 8] }
-- input { [-1, -2] } output { 0i64 empty([0]i32) }

entry filter_count (xs: []i32) : (i64, []i32) =
  let [m] (ys: [m]i32) = filter (> 0) xs
  let double (a: [m]i32) : [m]i32 = map (* 2) a
  in (m, double ys)

-- nested_rename:
-- A named size can be named again, and two named sizes are used in arithmetic.
-- ==
-- entry: nested_rename
-- input { [5, 0, 7] } output { 4i64 [6, 1, 8] }

entry nested_rename (xs: []i32) : (i64, []i32) =
  let [m] (ys: [m]i32) = filter (>= 0) xs
  let [k] (zs: [k]i32) = map (+ 1) ys
  in (m + k - 2, zs)

-- two_dims:
-- Both dimensions of a two-dimensional value, and a size in a tuple pattern.
-- ==
-- entry: two_dims
-- input { 2i64 3i64 } output { 6i64 3i64 2i64 }

entry two_dims (a: i64) (b: i64) : (i64, i64, i64) =
  let [r] [c] (grid: [r][c]i64, row: [c]i64) = (replicate a (iota b), iota b)
  in (r * c, length row, r)

-- local_use:
-- The named size sizes a `replicate` that is then zipped with the named value.
-- ==
-- entry: local_use
-- input { [3, -1, 4] } output { [4, 5] }

entry local_use (xs: []i32) : []i32 =
  let [m] (ys: [m]i32) = filter (> 0) xs
  in map2 (+) ys (replicate m 1)
