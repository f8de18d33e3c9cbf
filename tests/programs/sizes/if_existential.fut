-- Branches of different sizes give the `if` an existential size, which the `if` returns
-- beside the array (Note [Existential sizes in the IR]); the value's own uses still agree
-- with each other, and kernels and reductions over it take the size from the `if`.
-- ==
-- input { true [1, -2, 3] } output { 3i64 [2, -4, 6] }
-- input { false [1, -2, 3] } output { 2i64 [2, 6] }
-- input { false [-1, -2] } output { 0i64 empty([0]i32) }
-- input { true empty([0]i32) } output { 0i64 empty([0]i32) }
-- entry: map_reduce
-- input { true [1, -2, 3] } output { [2, 4] 4 }
-- input { false [1, -2, 3] } output { [2, -1, 4, 2, -1, 4] 4 }
-- input { true [-5] } output { empty([0]i32) 0 }
-- input { false empty([0]i32) } output { empty([0]i32) 0 }
-- entry: views
-- input { true [1, 2, 3] } output { 12 }
-- input { false [1, 2, 3] } output { 10 }
-- input { false [5] } output { 0 }
-- entry: rows
-- input { true [[1, 2], [-3, 4]] } output { [[2, 3], [-2, 5]] }
-- input { false [[1, 2], [-3, 4]] } output { [[2, 3], [-2, 5], [2, 3], [-2, 5]] }
-- input { false empty([0][2]i32) } output { empty([0][2]i32) }

entry main [n] (b: bool) (xs: [n]i32) : (i64, []i32) =
  let ys = if b then xs else filter (> 0) xs
  let zs = map (* 2) ys
  in (length ys, map (.0) (zip zs ys))

-- Both sizes are computed inside the branches.
entry map_reduce (b: bool) (xs: []i32) : ([]i32, i32) =
  let ys = if b then filter (> 0) xs else concat xs xs
  in (map (+ 1) ys, reduce (+) 0 ys)

-- Two views of one array: the size and the offset differ.
entry views (b: bool) (xs: []i32) : i32 =
  let ys = if b then xs else xs[1:]
  in reduce (+) 0 (map (* 2) ys)

-- Only the outer size differs; the row size stays `m`.
entry rows [n][m] (b: bool) (xss: [n][m]i32) : [][m]i32 =
  let ys = if b then xss else concat xss xss
  in map (map (+ 1)) ys
