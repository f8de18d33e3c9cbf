-- A map over no rows whose function returns arrays: the rows' size comes from the types
-- (the function is never applied), e.g. a product of [0][k] and [k][p] matrices is [0][p].
-- ==
-- entry: matmul
-- input { empty([0][3]f32) [[1f32], [2f32], [3f32]] } output { empty([0][1]f32) }
-- input { [[1f32, 1f32, 1f32]] [[1f32], [2f32], [3f32]] } output { [[6f32]] }

entry matmul [n][k][p] (a: [n][k]f32) (b: [k][p]f32) : [n][p]f32 =
  map (\r -> map (\c -> f32.sum (map2 (*) r c)) (transpose b)) a

-- ==
-- entry: scale_rows
-- input { empty([0][2]i32) [3, 4] } output { empty([0][2]i32) empty([0][2]i32) empty([0][2]i32) }
-- input { [[1, 2]] [3, 4] } output { [[3, 8]] [[1, 2]] [[2, 3]] }

-- Through a pipe, and as both halves of an unzip.
entry scale_rows [n][p] (a: [n][p]i32) (v: [p]i32) : ([n][p]i32, [n][p]i32, [n][p]i32) =
  let s = a |> map (\r -> map2 (*) r v)
  let (x, y) = unzip (map (\r -> (r, map (+ 1) r)) a)
  in (s, x, y)

-- ==
-- entry: shadowed
-- input { 2i64 } output { empty([0][3]i32) }

-- The rows' size is the first `n` (k + 1), not the later `n` of the same name.
entry shadowed (k: i64) : [][]i32 =
  let n = k + 1
  let xs = map (\_ -> replicate n 0i32) (iota 0)
  let n = 7
  in if n > 0 then xs else xs
