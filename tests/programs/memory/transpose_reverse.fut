-- Column sums read the matrix through a transposed view, the reversed rows and columns
-- through views with a negative stride: the values depend on the layouts being right.
-- ==
-- input { [[1, 2, 3], [4, 5, 6]] } output { [5, 7, 9] [15, 6] [3, 6] }
-- structure gpu-mem { Alloc 3 }

entry main (a: [][]i32) : ([]i32, []i32, []i32) =
  ( map (\c -> reduce (+) 0 c) (transpose a)
  , map (\r -> reduce (+) 0 r) (reverse a)
  , map (\r -> r[0]) (transpose (reverse (transpose a))) )
