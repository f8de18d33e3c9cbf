-- A reduction whose operands are a tuple (the smallest and the largest element at once),
-- and three fused reductions of different types (count, sum, any).
-- ==
-- structure gpu { SegRed 4 }
-- entry: range
-- input { [3, -7, 12, 0] } output { -7 12 }
-- input { empty([0]i32) } output { 2147483647 -2147483648 }
-- compiled random input { [100000]i32 } auto output
-- entry: stats
-- input { [3, -7, 12, 0] } output { 2i64 8i64 true }
-- input { [-1, -2] } output { 0i64 -3i64 false }
-- input { empty([0]i32) } output { 0i64 0i64 false }
-- compiled random input { [100000]i32 } auto output
-- entry: matprod
-- input { [1, 0] [1, 1] [0, 1] [1, 0] } output { 1 1 1 0 }
-- input { [1, 1] [1, 0] [0, 1] [1, 1] } output { 2 1 1 1 }
-- input { empty([0]i32) empty([0]i32) empty([0]i32) empty([0]i32) } output { 1 0 0 1 }
-- input { [3] [5] [7] [11] } output { 3 5 7 11 }
-- random input { [257]i32 [257]i32 [257]i32 [257]i32 } auto output
-- compiled random input { [100003]i32 [100003]i32 [100003]i32 [100003]i32 } auto output
-- entry: compose
-- input { [2, 3] [1, 4] } output { 6 7 }
-- input { [3, 2] [4, 1] } output { 6 9 }
-- input { empty([0]i32) empty([0]i32) } output { 1 0 }
-- compiled random input { [100003]i32 [100003]i32 } auto output

-- Products of 2x2 matrices (a b; c d): associative, not commutative, so the order of the
-- elements must survive every stage of the reduction.
entry matprod [n] (as: [n]i32) (bs: [n]i32) (cs: [n]i32) (ds: [n]i32) : (i32, i32, i32, i32) =
  reduce (\(a0, b0, c0, d0) (a1, b1, c1, d1) ->
            (a0 * a1 + b0 * c1, a0 * b1 + b0 * d1, c0 * a1 + d0 * c1, c0 * b1 + d0 * d1))
         (1, 0, 0, 1)
         (zip4 as bs cs ds)

-- Composition of affine maps x -> a x + b, first the left one: (a0, b0) then (a1, b1) is
-- x -> a1 (a0 x + b0) + b1.
entry compose [n] (as: [n]i32) (bs: [n]i32) : (i32, i32) =
  reduce (\(a0, b0) (a1, b1) -> (a0 * a1, b0 * a1 + b1)) (1, 0) (zip as bs)

entry range (xs: []i32) : (i32, i32) =
  reduce (\(lo0, hi0) (lo1, hi1) -> (i32.min lo0 lo1, i32.max hi0 hi1))
         (i32.highest, i32.lowest)
         (zip xs xs)

-- How many are positive, their sum as i64, and whether any is above 10.
entry stats (xs: []i32) : (i64, i64, bool) =
  ( reduce (+) 0 (map (\x -> if x > 0 then 1i64 else 0) xs)
  , reduce (+) 0 (map i64.i32 xs)
  , reduce (||) false (map (> 10) xs) )
