-- A reduction whose operator works on rows whose size is known only at run time: the
-- coercion to the neutral element's size 3 is checked then (column sums of a 2x3 matrix:
-- 5 7 9). Each `[]` of a parameter is a size of its own, so without the coercion the rows
-- and the neutral element differ statically.
-- ==
-- input { [[1, 2, 3], [4, 5, 6]] } output { [5, 7, 9] }
-- input { empty([0][3]i32) } output { [0, 0, 0] }
-- input { [[1, 2], [3, 4]] } error: size mismatch

entry main (mat: [][]i32) : []i32 = reduce (map2 (+)) (replicate 3 0) (mat :> [][3]i32)
