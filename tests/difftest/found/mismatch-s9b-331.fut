-- Found by difftest on the GPU (seed s9b, program 331; 9th session). Open: CUDA and OpenCL
-- (PoCL) agree with each other and not with the interpreter on elements 3, 9 and 15 of the
-- first result (-3 where the interpreter takes zs[...]): whether `loop acc21 = x19 ... < 3`
-- holds for v5's values, powers x^(17^3) that wrap in i32. The interpreter is right (a Python
-- model with i32 wrapping gives its values). Cause: the generated kernels compute i32
-- arithmetic on C `int` (`acc21 = acc21 + acc21;`), where overflow is undefined behaviour,
-- and optimising compilers use that: with PoCL's default optimisation the OpenCL executable
-- gives the wrong values, with POCL_EXTRA_BUILD_FLAGS=-cl-opt-disable (as CTest runs it) the
-- right ones. Futhark's integers wrap: add, sub, mul and neg must be done on the unsigned type.
-- ==
-- entry: p331
-- input { [-43i32] [406i32] [0.39175301790237427f32] [587i32, -675i32, -437i32, -73i32, -977i32, 774i32, -921i32, -113i32, 451i32, -585i32, -521i32, -94i32, 868i32, 745i32, 652i32, -849i32, -607i32] [[108i32, -979i32, -310i32, -579i32, 607i32, 553i32, 645i32, -248i32, 354i32, 938i32, 510i32, 70i32, -86i32, 412i32, -128i32, -62i32, -266i32]] [[0.24467572569847107f32, 0.3718877136707306f32, 0.49547749757766724f32, 0.9230818748474121f32, 0.3375037908554077f32, 0.8357746005058289f32, 0.8093376159667969f32, 0.6367344856262207f32, 0.4467943608760834f32, 0.039443861693143845f32, 0.705864429473877f32, 0.18866044282913208f32, 0.6870958209037781f32, 0.4391044080257416f32, 0.09583045542240143f32, 0.5327884554862976f32, 0.24662312865257263f32]] -256i32 }
-- output { [-585i32, -3i32, -3i32, 868i32, -585i32, -3i32, 652i32, -3i32, -585i32, -521i32, -3i32, -3i32, -3i32, 652i32, -3i32, -675i32, 774i32] -9i64 [[-1818i32], [-1818i32], [-1818i32], [-1818i32], [-1818i32], [-1818i32], [-1818i32], [-1818i32], [-1818i32], [-1818i32], [-1818i32], [-1818i32], [-1818i32], [-1818i32], [-1818i32], [-1818i32], [-1818i32]] }
entry p331 [n] [m] (xs: [n]i32) (ys: [n]i32) (fs: [n]f32) (zs: [m]i32) (ms: [n][m]i32) (gs: [n][m]f32) (k: i32) : ([]i32, i64, [][]i32) =
  let v1: [m][n]i32 = (map (\x2 -> (reduce_by_index (copy xs) (+) 0 (map (\x3 -> i64.i32 x3 % (n + 1) - 1) (map (\i4 -> (-5i32)) (iota m))) zs)) zs)
  let v5: [m]i32 = (loop (acc6: [m]i32) = (reduce_by_index (copy zs) (+) 0 (map (\x10 -> i64.i32 x10 % (m + 1)) (map2 (\x11 y12 -> k) ys fs)) (hist (&) (-1) n (map (\x13 -> i64.i32 x13 % (n + 1)) xs) ys)) for i7 < 3 do map (\x8 -> (reduce (*) 1 (map (\x9 -> x8) v1))) acc6)
  let v14: [n]i32 = (scan (^) 0 (map2 (\x15 y16 -> k) fs fs))
  let v17: i64 = (-9i64)
  let v18: [m]i32 = (map2 (\x19 y20 -> (if (loop acc21 = x19 for i22 < 3 do acc21 + (acc21)) < 3i32 then (if 4i32 != (-5i32) then (-3i32) else y20) else ((zs)[(i64.i32 y20 % m)]))) v5 zs)
  in (v18, v17, v1)
