-- Indices of every integer type, as Futhark allows: in `xs[i]`, in slices, in `with`
-- updates, in `let xs[i] = v`, in index sections and in gathers inside `map`. Signed
-- indices are sign-extended (a negative one is out of bounds), unsigned ones zero-extended.
-- ==
-- entry: index_i32
-- input { [1f32, 2f32, 3f32] 2i32 }
-- output { 3f32 }
-- input { [1f32, 2f32, 3f32] -1i32 }
-- error: out of bounds
-- input { [1f32, 2f32, 3f32] 3i32 }
-- error: out of bounds

entry index_i32 (xs: []f32) (i: i32) : f32 = xs[i]

-- `200u8` is 200, not -56: the index is zero-extended.
-- ==
-- entry: index_u8
-- input { 200u8 }
-- output { 600i64 }
-- input { 255u8 }
-- output { 765i64 }

entry index_u8 (i: u8) : i64 = (map (* 3) (iota 300))[i]

-- ==
-- entry: index_2d_narrow
-- input { [[1, 2, 3], [4, 5, 6]] 1i16 2i8 }
-- output { 6 }
-- input { [[1, 2, 3], [4, 5, 6]] 2i16 0i8 }
-- error: out of bounds
-- input { [[1, 2, 3], [4, 5, 6]] 0i16 -3i8 }
-- error: out of bounds

entry index_2d_narrow (xss: [][]i32) (i: i16) (j: i8) : i32 = xss[i, j]

-- The largest u64 is far out of bounds (not -1).
-- ==
-- entry: index_u64
-- input { [10, 20, 30] 1u64 }
-- output { 20 }
-- input { [10, 20, 30] 18446744073709551615u64 }
-- error: out of bounds

entry index_u64 (xs: []i32) (i: u64) : i32 = xs[i]

-- ==
-- entry: updates
-- input { [1, 2, 3, 4] 1i32 3u16 }
-- output { [1, 70, 3, 4] [1, 2, 3, 7] }
-- input { [1, 2, 3, 4] 4i32 0u16 }
-- error: out of bounds
-- input { [1, 2, 3, 4] 0i32 9u16 }
-- error: out of bounds

entry updates (xs: []i32) (i: i32) (j: u16) : ([]i32, []i32) =
  let a = copy xs with [i] = 70
  let b = copy xs
  let b[j] = 7
  in (a, b)

-- ==
-- entry: slices
-- input { [1, 2, 3, 4, 5] 1i32 4i32 }
-- output { [2, 3, 4] [1] }
-- input { [1, 2, 3, 4, 5] 3i32 6i32 }
-- error: out of bounds

entry slices (xs: []i32) (a: i32) (b: i32) : ([]i32, []i32) =
  (xs[a:b], xs[:a])

-- A gather with `i32` indices inside a `map` (a kernel on the GPU backends), and an index
-- section at an `i8` index.
-- ==
-- entry: gather
-- input { [10, 20, 30, 40] [3, 0, 2] [[1, 2], [3, 4], [5, 6]] 1i8 }
-- output { [40, 10, 30] [2, 4, 6] }
-- input { [10, 20, 30, 40] [3, 4] [[1, 2]] 0i8 }
-- error: out of bounds

entry gather (xs: []i32) (is: []i32) (yss: [][]i32) (k: i8) : ([]i32, []i32) =
  (map (\i -> xs[i]) is, map (.[k]) yss)
