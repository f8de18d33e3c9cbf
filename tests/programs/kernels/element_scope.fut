-- A reduction fused with a map over other arrays, in one kernel whose elements are loaded
-- by a loop over whole vectors and again by one for the rest: each loop's operator call
-- reads the elements that loop loaded. Found by difftest (seed s9, program 5013): the
-- second call read the first loop's `ys_elem`, out of its scope (an internal error of the
-- Imp verifier); it compiles since 86d4502 at the latest.
-- ==
-- entry: main
-- input { [1, 2, 3, 4, 5] [3, 0, 1, 2, 9] [0.5f32, 1f32, 2f32, 3f32, 4f32] }
-- output { [58, 59, 60, 58, 59] 1 0 }
-- random input { [33]i32 [33]i32 [33]f32 } auto output

entry main [n] (xs: [n]i32) (ys: [n]i32) (fs: [n]f32) : ([]i32, i32, i32) =
  let (a, b) = reduce (\(p, q) (r, s) -> (p ^ r, i32.min q s)) (0, i32.highest)
                      (zip xs (map2 (\_ y -> ys[i64.i32 y % n]) fs ys))
  let v = map (\x -> loop acc = x % -3 for _i < 4 do acc + reduce (+) 0 ys) xs
  in (v, a, b)
