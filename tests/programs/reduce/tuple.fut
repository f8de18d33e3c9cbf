-- A reduction whose operands are a tuple (the smallest and the largest element at once),
-- and three fused reductions of different types (count, sum, any).
-- ==
-- structure gpu { SegRed 2 }
-- entry: range
-- input { [3, -7, 12, 0] } output { -7 12 }
-- input { empty([0]i32) } output { 2147483647 -2147483648 }
-- compiled random input { [1000000]i32 } auto output
-- entry: stats
-- input { [3, -7, 12, 0] } output { 2i64 8i64 true }
-- input { [-1, -2] } output { 0i64 -3i64 false }
-- input { empty([0]i32) } output { 0i64 0i64 false }
-- compiled random input { [1000000]i32 } auto output

entry range (xs: []i32) : (i32, i32) =
  reduce (\(lo0, hi0) (lo1, hi1) -> (i32.min lo0 lo1, i32.max hi0 hi1))
         (i32.highest, i32.lowest)
         (zip xs xs)

-- How many are positive, their sum as i64, and whether any is above 10.
entry stats (xs: []i32) : (i64, i64, bool) =
  ( reduce (+) 0 (map (\x -> if x > 0 then 1i64 else 0) xs)
  , reduce (+) 0 (map i64.i32 xs)
  , reduce (||) false (map (> 10) xs) )
