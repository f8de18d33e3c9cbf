-- A reduction per row: a segmented reduction (gpu/DistributeNests.cpp, G3), a group of
-- threads per row.
-- ==
-- input { [[1f64, 2f64, 3f64], [4f64, 5f64, 6f64]] } output { [6f64, 15f64] }
-- input { empty([0][3]f64) } output { empty([0]f64) }
-- input { empty([2][0]f64) } output { [0f64, 0f64] }
-- compiled random input { [1000][1000]f64 } auto output
-- structure gpu { SegMap 2 SegRed 1 }

entry main [n][m] (a: [n][m]f64) : [n]f64 = map (\r -> reduce (+) 0 r) a
