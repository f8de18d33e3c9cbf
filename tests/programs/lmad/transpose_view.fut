-- The transpose of an n x m matrix as an LMAD slice of its flat elements (strides 1 and m),
-- and a map over it. The view itself allocates nothing: the two blocks are the map's result
-- and the copy that the entry point makes of a result that is a view of its argument.
-- ==
-- input { [[1, 2, 3], [4, 5, 6]] }
-- output { [[1, 4], [2, 5], [3, 6]] [[2, 8], [4, 10], [6, 12]] }
-- structure gpu-mem { Alloc 2 FlatIndex 1 }

entry main [n] [m] (xss: [n][m]i32) : ([][]i32, [][]i32) =
  let t = xss[0 + {(m : 1), (n : m)}]
  in (t, map (map (* 2)) t)
