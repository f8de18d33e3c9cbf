-- Branches of different sizes give the `if` an existential size; the value's own uses
-- still agree with each other. (Compiled backends do not take such an `if` yet.)
-- ==
-- tags { no_opencl no_cuda }
-- input { true [1, -2, 3] } output { 3i64 [2, -4, 6] }
-- input { false [1, -2, 3] } output { 2i64 [2, 6] }

entry main [n] (b: bool) (xs: [n]i32) : (i64, []i32) =
  let ys = if b then xs else filter (> 0) xs
  let zs = map (* 2) ys
  in (length ys, map (.0) (zip zs ys))
