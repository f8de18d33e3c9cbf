-- A `[]` in a parameter of a named function is a size the type checker infers, as in
-- Futhark: two `[]` parameters used together have one size, and an entry point taking them
-- checks at run time that its arguments agree.
-- ==
-- entry: dot
-- input { [1, 2, 3] [4, 5, 6] } output { 32 }
-- input { empty([0]i32) empty([0]i32) } output { 0 }
-- input { [1, 2] [1, 2, 3] } error: .

entry dot (xs: []i32) (ys: []i32) = i32.sum (map2 (*) xs ys)

-- ==
-- entry: symmetric
-- input { [[1, 2], [3, 4]] } output { [[2, 5], [5, 8]] }

-- Both dimensions of `a` become one size: the rows of `a` and of its transpose agree.
def plus_transpose (a: [][]i32) = map2 (map2 (+)) a (transpose a)
entry symmetric (a: [][]i32) = plus_transpose a

-- ==
-- entry: local_fn
-- input { 3i64 } output { [0, 1, 2] }

-- A local function's `[]` parameters are inferred too.
entry local_fn (k: i64) =
  let f (xs: []i32) (ys: []i32) = map2 (*) xs ys
  in f (map i32.i64 (iota k)) (replicate k 1)

-- ==
-- entry: zip_sizes
-- input { [1f32, 2f32] [3, 4] } output { [3f32, 4f32] [1, 2] }

-- A size parameter and a `[]` of another parameter unify.
entry zip_sizes [n] (a: [n]f32) (b: []i32) : ([]f32, []i32) =
  unzip (map (\(x, i) -> (f32.i32 i, i32.f32 x)) (zip a b))
