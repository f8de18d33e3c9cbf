-- Sequential loops that are reductions (Note [Loops as reductions] in
-- src/gpu/ReducibleLoops.cpp): rewritten into map-reduces where their trip count is the
-- same for every row, given a block per row where it varies (Note [Irregular reductions] in
-- src/gpu/DistributeNests.cpp), and left alone where reassociation could change results.

-- A lower-triangular matrix-vector product, rows packed: row i has i + 1 elements, so the
-- rows are irregular; versions A (a thread per row) and B (a block per row).
-- ==
-- entry: trmv
-- input { [1f32, 2f32, 3f32] [1f32, 2f32, 3f32, 4f32, 5f32, 6f32] }
-- output { [1f32, 8f32, 32f32] }
-- input { empty([0]f32) empty([0]f32) } output { empty([0]f32) }
-- random input { [300]f32 [45150]f32 } auto output
-- structure gpu { CmpSize 1 SegMap 2 IntraSegMap 1 SegRed 0 }

entry trmv [n] (x: [n]f32) (packed: []f32) : [n]f32 =
  tabulate n (\i ->
    let row = i * (i + 1) / 2
    in #[reassociate] loop acc = 0f32 for j < i + 1 do acc + packed[row + j] * x[j])

-- Integers need no attribute: the largest of a prefix of each row whose length varies,
-- with a bounds check that fails in the block's threads.
-- ==
-- entry: prefix_max
-- input { [[3, 9, 1], [4, 2, 8]] [3i64, 1i64] } output { [9, 4] }
-- input { [[3, 9, 1], [4, 2, 8]] [0i64, 2i64] } output { [-2147483648, 4] }
-- input { [[3, 9, 1], [4, 2, 8]] [4i64, 2i64] } error: out of bounds
-- random input { [64][700]i32 [64]i64 } error: out of bounds
-- structure gpu { IntraSegMap 1 }

entry prefix_max [n][m] (xss: [n][m]i32) (lens: [n]i64) : [n]i32 =
  map2 (\xs len -> loop best = i32.lowest for j < len do i32.max best xs[j]) xss lens

-- The same trip count for every row: a segmented reduction (version C) beside the loop
-- in a thread per row (version A), the operand on the left.
-- ==
-- entry: row_products
-- input { [[1i64, 2i64, 3i64], [4i64, 5i64, 6i64]] } output { [6i64, 120i64] }
-- input { empty([2][0]i64) } output { [1i64, 1i64] }
-- random input { [37][129]i64 } auto output
-- structure gpu { CmpSize 1 SegRed 1 Loop 1 }

entry row_products [n][m] (xss: [n][m]i64) : [n]i64 =
  map (\xs -> loop p = 1 for j < m do xs[j] * p) xss

-- A trip count that may be negative (no iteration) and is the same for every row.
-- ==
-- entry: shifted_sums
-- input { [[1, 2, 3], [4, 5, 6]] 1i64 } output { [5, 11] }
-- input { [[1, 2, 3], [4, 5, 6]] 5i64 } output { [0, 0] }
-- structure gpu { SegRed 1 }

entry shifted_sums [n][m] (xss: [n][m]i32) (drop: i64) : [n]i32 =
  map (\xs -> loop s = 0 for j < m - drop do s + xs[j + drop]) xss

-- Not reductions the rewrite may make: a float sum without the attribute, an accumulator
-- starting elsewhere than the neutral element, one used beside the operator.
-- ==
-- entry: kept
-- input { [[1f32, 2f32], [3f32, 4f32]] } output { [3f32, 7f32] [9i32, 17i32] [3i32, 7i32] }
-- structure gpu { SegRed 0 IntraSegMap 0 }

entry kept [n][m] (xss: [n][m]f32) : ([n]f32, [n]i32, [n]i32) =
  unzip3 (map (\xs ->
    let s = loop acc = 0f32 for j < m do acc + xs[j]
    let t = loop acc = 3i32 for j < m do acc + i32.f32 xs[j] * 2
    let u = loop acc = 0i32 for j < m do if acc > 100 then acc else acc + i32.f32 xs[j]
    in (s, t, u)) xss)
