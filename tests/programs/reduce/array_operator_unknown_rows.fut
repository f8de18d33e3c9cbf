-- A reduction whose operator works on rows of unknown size and whose neutral element has a
-- known size: the sizes are checked at run time (column sums of a 2x3 matrix: 5 7 9).
-- The compiled backends do not take a top-level reduction with array operands yet (they say
-- so with a "not supported yet" diagnostic).
-- ==
-- tags { no_opencl no_cuda }
-- input { [[1, 2, 3], [4, 5, 6]] } output { [5, 7, 9] }
-- input { empty([0][3]i32) } output { [0, 0, 0] }
-- input { [[1, 2], [3, 4]] } error: size mismatch

entry main (mat: [][]i32) : []i32 = reduce (map2 (+)) (replicate 3 0) mat

