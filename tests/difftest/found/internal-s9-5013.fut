-- Found by difftest at the GPU export (seed s9, program 5013; 9th session), not reduced yet.
-- Open: on cuda and opencl, "internal compiler error: verify(imp): in kernel
-- p5013_map_reduce_map_reduce_stage1, statement `call op_reduced(...)`: `ys_elem` is used
-- before its declaration or out of its scope". Two reductions over maps of the same arrays
-- are lowered into one kernel, and the second's operand refers to the first's element
-- variable. The first reduction alone (over `zip xs (map ... ys)`) compiles.
-- ==
-- entry: p5013
-- random input { [33]i32 [33]i32 [33]f32 [5]i32 [33][5]i32 [33][5]f32 i32 } auto output
entry p5013 [n] [m] (xs: [n]i32) (ys: [n]i32) (fs: [n]f32) (zs: [m]i32) (ms: [n][m]i32) (gs: [n][m]f32) (k: i32) : ([]i32, i32) =
  let (a2, b3) = reduce (\(p6, q7) (r8, s9) -> (p6 ^ r8, i32.min q7 s9)) (0, i32.highest) (zip xs (map2 (\x4 y5 -> ((ys)[(i64.i32 y5 % n)])) fs ys))
  let v10: [n]i32 = (map (\x11 -> (loop acc12 = (x11 % -3i32) for i13 < 4 do acc12 + ((reduce (+) 0 ys)))) xs)
  let (a15, b16) = reduce (\(p20, q21) (r22, s23) -> (p20 ^ r22, q21 | s23)) (0, 0) (zip (map (\x17 -> ((-1i32) + b3)) v10) (map2 (\x18 y19 -> (reduce (+) 0 (ys)[25:28])) v10 v10))
  in (v10, a2)
