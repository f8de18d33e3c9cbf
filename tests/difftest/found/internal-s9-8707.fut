-- Found by difftest on the GPU export (seed s9, program 8707), reduced by hand. Open:
-- "internal compiler error: verify(imp): kernel `main_filter_reduce` is defined twice" on
-- cuda and opencl. The filter inside the map is lowered to a reduction whose kernel base
-- name is `main_filter_reduce`; the second filter's base is `main_filter`, and the filter's
-- lowering derives `<base>_reduce` from it without registering the derived name
-- (HostLowerer::kernelName makes bases unique, not the names derived from them).
-- ==
-- input { [1, 2, 3] [4, 5, 6] } output { 11 }

entry main [n] (xs: [n]i32) (ys: [n]i32) : i32 =
  let v1 = map (\x -> reduce (+) 0 (filter (\y -> y < 5i32) ys) + x) xs
  let b = reduce (+) 0 (filter (\x -> x == x) xs)
  in b + v1[0]
