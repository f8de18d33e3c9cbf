-- A non-commutative scan over pairs: (a, b) stands for x -> a*x + b, and the operator
-- composes "first (a, b), then (c, d)". A scan that combined out of order would give
-- different results.
--   (2,1)                      = (2, 1)
--   (2,1) . (3,0) = (6, 1*3+0) = (6, 3)
--   (6,3) . (1,4) = (6, 3*1+4) = (6, 7)
--   (6,7) . (5,2) = (30, 7*5+2) = (30, 37)
-- ==
-- input { [2, 3, 1, 5] [1, 0, 4, 2] } output { [2, 6, 6, 30] [1, 3, 7, 37] }
-- input { [4] [9] } output { [4] [9] }
-- input { empty([0]i32) empty([0]i32) } output { empty([0]i32) empty([0]i32) }
-- compiled random input { [100000]i32 [100000]i32 } auto output
-- compiled random input { [777777]i32 [777777]i32 } auto output
-- structure gpu { SegScan 1 }

entry main [n] (as: [n]i32) (bs: [n]i32) : ([]i32, []i32) =
  unzip (scan (\(a, b) (c, d) -> (a * c, b * c + d)) (1, 0) (zip as bs))
